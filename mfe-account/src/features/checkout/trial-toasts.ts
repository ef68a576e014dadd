import type { ToastCopy } from '@coffer/web-core/store';
import { toApiError } from '@coffer/web-core/store';
import { longDate } from '../../lib/plan-display';

/** Spec §2 and §8: the success toast names the plan. */
export const trialStartedToast = (planName: string): ToastCopy => ({
  title: 'Trial started!',
  description: `Your 14-day free trial of ${planName} has begun.`,
});

/** PRODUCT-DECISIONS: another plan during the trial keeps its end date, and says so. */
export const planSwitchedToast = (planName: string, trialEndDate: string): ToastCopy => ({
  title: 'Plan switched',
  description: `You switched to ${planName}. Your trial still ends on ${longDate(trialEndDate)}`,
});

export const subscribedToast = (planName: string): ToastCopy => ({ title: 'Subscribed!', description: `You are now subscribed to ${planName}.` });

export const planChangedToast = (planName: string): ToastCopy => ({ title: 'Plan changed', description: `Your plan is now ${planName}.` });

/** Spec §8 "Trial": signed out, or the server's message, or a fallback. */
export function trialErrorToast(error: unknown): ToastCopy {
  const { status, message } = toApiError(error);
  if (status === 401) return { title: 'Error', description: 'You must be logged in to start a trial', variant: 'destructive' };
  return { title: 'Error', description: message ?? 'Failed to start trial', variant: 'destructive' };
}
