import type { ToastCopy } from '@coffer/web-core/store';
import { toApiError } from '@coffer/web-core/store';

/** Spec §2 and §8: the success toast names the plan. */
export const trialStartedToast = (planName: string): ToastCopy => ({
  title: 'Trial started!',
  description: `Your 14-day free trial of ${planName} has begun.`,
});

/** Spec §8 "Trial": signed out, or the server's message, or a fallback. */
export function trialErrorToast(error: unknown): ToastCopy {
  const { status, message } = toApiError(error);
  if (status === 401) return { title: 'Error', description: 'You must be logged in to start a trial', variant: 'destructive' };
  return { title: 'Error', description: message ?? 'Failed to start trial', variant: 'destructive' };
}
