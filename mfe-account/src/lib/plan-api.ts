import { cofferApi } from '@coffer/web-core/store';
import type { AccountPlan, StorageUsage } from '@coffer/contracts';
import type { CheckoutPlan } from '@coffer/plans';

export { useAccountPlanQuery } from '@coffer/web-core/store';

/** The account's storage, and starting the trial (the plan itself is web-core's `useAccountPlanQuery`). */
export const checkoutApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
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

export const { useAccountStorageQuery, useStartTrialMutation } = checkoutApi;
