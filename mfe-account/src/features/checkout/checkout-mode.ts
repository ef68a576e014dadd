import type { Subscription } from '@coffer/contracts';
import type { PlanDefinition } from '@coffer/plans';

/**
 * What checkout does for the owner (PRODUCT-DECISIONS "Plans and billing"): start the account's one
 * free trial; subscribe, during the trial or after it; change an active subscription's plan; or
 * nothing, when the plan is already the account's.
 */
export type CheckoutMode = 'start-trial' | 'subscribe' | 'change-plan' | 'current-plan';

export function checkoutMode(subscription: Subscription, plan: Pick<PlanDefinition, 'id'>): CheckoutMode {
  if (subscription.status === 'active') return subscription.planType === plan.id ? 'current-plan' : 'change-plan';
  return subscription.trialAvailable ? 'start-trial' : 'subscribe';
}

/** The page's heading (and title): no "free trial" once the trial was used. */
export function checkoutHeading(mode: CheckoutMode, planName: string): string {
  if (mode === 'start-trial') return `Start your free trial of ${planName}`;
  if (mode === 'subscribe') return `Subscribe to ${planName}`;
  if (mode === 'change-plan') return `Change to ${planName}`;
  return `You are on ${planName}`;
}
