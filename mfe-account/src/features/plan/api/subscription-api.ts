import { cofferApi } from '@coffer/web-core/store';
import type { Subscription } from '@coffer/contracts';

/** The owner cancels an active subscription (it stays until the period ends) or takes the cancellation back. */
export const subscriptionApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    cancelSubscription: build.mutation<Subscription, void>({
      query: () => ({ url: '/subscription/cancel', method: 'POST' }),
      invalidatesTags: ['Plan', 'Storage'],
    }),
    resumeSubscription: build.mutation<Subscription, void>({
      query: () => ({ url: '/subscription/resume', method: 'POST' }),
      invalidatesTags: ['Plan', 'Storage'],
    }),
  }),
});

export const { useCancelSubscriptionMutation, useResumeSubscriptionMutation } = subscriptionApi;
