import type { AccountPlan, Subscription } from '@coffer/contracts';
import { PLAN_DEFINITIONS } from '@coffer/plans';

/** The display name of a plan type ("Business Plan"); null when no plan is selected. */
export function planName(planType: string | null | undefined): string | null {
  if (!planType) return null;
  return PLAN_DEFINITIONS.find((p) => p.id === planType)?.name ?? null;
}

/** Spec §2 Settings: titled by the plan's name plus "Settings" ("Settings" alone with no plan). */
export function settingsTitle(plan: AccountPlan | undefined): string {
  const name = planName(plan?.planType);
  return name ? `${name} Settings` : 'Settings';
}

/** "December 7, 2026": the trial's end in the user's own time zone. */
export const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** PRODUCT-DECISIONS: whom the others ask about the plan. */
export const askOwnerLine = (ownerName: string) => `Ask ${ownerName || 'the account owner'} to change the plan`;

/** Spec §2 Account page: the plan line, its second line, and the button (none on an active plan). */
export function planLine(plan: Subscription): { title: string; detail: string; button: 'Select Plan' | 'Upgrade' | null } {
  if (plan.status === 'trial') {
    return {
      title: '14-Day Free Trial',
      detail: `${planName(plan.planType) ?? 'Trial'} · Trial ends on ${plan.trialEndDate ? longDate(plan.trialEndDate) : ''}`,
      button: 'Upgrade',
    };
  }
  if (plan.status === 'active') {
    const name = planName(plan.planType) ?? 'Active plan';
    if (plan.cancelAtPeriodEnd) {
      return { title: `${name} · Cancelled`, detail: plan.periodEndDate ? `Ends on ${longDate(plan.periodEndDate)}` : '', button: null };
    }
    return { title: `${name} · Active subscription`, detail: plan.periodEndDate ? `Renews on ${longDate(plan.periodEndDate)}` : '', button: null };
  }
  return { title: 'No plan selected', detail: 'Choose a plan to get started', button: 'Select Plan' };
}
