import { cofferApi } from '@coffer/web-core/store';
import type { AccountPlan, StorageUsage } from '@coffer/contracts';
import type { CheckoutPlan } from '@coffer/plans';

/** The account's plan (with its features, as billing answers them), its storage, and starting the trial. */
export const planApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    accountPlan: build.query<AccountPlan, void>({
      query: () => '/subscription',
      providesTags: ['Plan'],
    }),
    accountStorage: build.query<StorageUsage, void>({
      query: () => '/storage/usage',
      providesTags: ['Storage'],
    }),
    startTrial: build.mutation<AccountPlan, { plan: CheckoutPlan }>({
      query: (body) => ({ url: '/subscription/trial', method: 'POST', body }),
      // A new plan changes the features every screen offers and the storage limit at once.
      invalidatesTags: ['Plan', 'Storage'],
    }),
  }),
});

export const { useAccountPlanQuery, useAccountStorageQuery, useStartTrialMutation } = planApi;
