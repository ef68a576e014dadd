import type { Subscription } from '@coffer/contracts';
import { planFeatures } from '@coffer/plans';

/** An account's subscription as billing answers it: no plan, a trial still available, the placeholder payment; `over` sets the rest. */
export const subscriptionOf = (over: Partial<Subscription> = {}): Subscription => ({
  planType: null,
  status: 'none',
  trialEndDate: null,
  storageLimitBytes: 1,
  features: planFeatures(null),
  periodEndDate: null,
  cancelAtPeriodEnd: false,
  trialUsed: false,
  trialAvailable: true,
  paymentProvider: 'placeholder',
  ...over,
});
