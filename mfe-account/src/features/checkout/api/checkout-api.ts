import { cofferApi } from '@coffer/web-core/store';
import type { AccountPlan } from '@coffer/contracts';
import type { CheckoutPlan } from '@coffer/plans';

/** Starting the trial (the plan and the storage usage are web-core's `useAccountPlanQuery` and `useStorageUsageQuery`). */
export const checkoutApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    startTrial: build.mutation<AccountPlan, { plan: CheckoutPlan }>({
      query: (body) => ({ url: '/subscription/trial', method: 'POST', body }),
      // A new plan changes the features every screen offers and the storage limit at once.
      invalidatesTags: ['Plan', 'Storage'],
    }),
  }),
});

export const { useStartTrialMutation } = checkoutApi;
