import { TRIAL_ENDING_NOTICE_DAYS, type Subscription } from '@coffer/contracts';
import { longDate } from '../../lib/plan-display';

const DAY_MS = 86_400_000;

/**
 * PRODUCT-DECISIONS "Plans and billing": the dashboard's banner three days before the trial ends and
 * once it has ended (no plan chosen since); nothing otherwise.
 */
export function trialBanner(plan: Subscription, now = Date.now()): { title: string; detail: string } | null {
  if (plan.status === 'trial' && plan.trialEndDate) {
    const left = Date.parse(plan.trialEndDate) - now;
    if (left > TRIAL_ENDING_NOTICE_DAYS * DAY_MS) return null;
    return { title: `Your free trial ends on ${longDate(plan.trialEndDate)}`, detail: 'Choose a plan to keep every feature.' };
  }
  if (plan.status === 'none' && plan.trialUsed) {
    return { title: 'Your free trial has ended', detail: 'Your files stay readable, with 10 GB of storage. Choose a plan to keep every feature.' };
  }
  return null;
}
