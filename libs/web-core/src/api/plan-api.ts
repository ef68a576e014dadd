import type { StorageUsage, Subscription } from '@coffer/contracts';
import { cofferApi } from './coffer-api';

/**
 * The account's plan, with its features from the one feature table as billing
 * answers them (what the account screens show, what the Share dialog offers,
 * and the largest file the upload dialog accepts), and the storage it uses
 * against the plan's limit (the files area's meter, the Storage settings).
 */
export const planApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    accountPlan: build.query<Subscription, void>({
      query: () => '/subscription',
      providesTags: ['Plan'],
    }),
    /** One cache entry for every screen that shows it: whatever changes files, uploads or the plan invalidates 'Storage'. */
    storageUsage: build.query<StorageUsage, void>({
      query: () => '/storage/usage',
      providesTags: ['Storage'],
    }),
  }),
});

export const { useAccountPlanQuery, useStorageUsageQuery } = planApi;
