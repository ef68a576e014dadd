import { cofferApi } from '@coffer/web-core/store';
import type { CheckoutSession, Subscription } from '@coffer/contracts';
import type { CheckoutPlan } from '@coffer/plans';

/** Choosing and changing the plan (the plan and the storage usage are web-core's `useAccountPlanQuery` and `useStorageUsageQuery`). */
export const checkoutApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    startTrial: build.mutation<Subscription, { plan: CheckoutPlan }>({
      query: (body) => ({ url: '/subscription/trial', method: 'POST', body }),
      // A new plan changes the features every screen offers and the storage limit at once.
      invalidatesTags: ['Plan', 'Storage'],
    }),
    subscribe: build.mutation<Subscription, { plan: CheckoutPlan }>({
      query: (body) => ({ url: '/subscription', method: 'POST', body }),
      invalidatesTags: ['Plan', 'Storage'],
    }),
    /** With Stripe: the page of Stripe Checkout the browser goes to (card data never touches Coffer). */
    checkoutSession: build.mutation<CheckoutSession, { plan: CheckoutPlan }>({
      query: (body) => ({ url: '/subscription/checkout-session', method: 'POST', body }),
    }),
    changePlan: build.mutation<Subscription, { plan: CheckoutPlan }>({
      query: (body) => ({ url: '/subscription/plan', method: 'PUT', body }),
      invalidatesTags: ['Plan', 'Storage'],
    }),
  }),
});

export const { useStartTrialMutation, useSubscribeMutation, useCheckoutSessionMutation, useChangePlanMutation } = checkoutApi;
