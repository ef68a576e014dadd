import type { AccountPlan } from '@coffer/contracts';
import { cofferApi } from './coffer-api';

/**
 * The account's plan, with its features from the one feature table as billing
 * answers them: what the account screens show, what the Share dialog offers,
 * and the largest file the upload dialog accepts.
 */
export const planApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    accountPlan: build.query<AccountPlan, void>({
      query: () => '/subscription',
      providesTags: ['Plan'],
    }),
  }),
});

export const { useAccountPlanQuery } = planApi;
