import type { Subscription } from '@coffer/contracts';
import { planFeatures } from '@coffer/plans';
import { subscriptionOf } from '@coffer/web-core/testing';
import { askOwnerLine, planLine, settingsTitle } from './plan-display';

const features = { ...planFeatures(null), storageLimit: 1, maxFileBytes: 1 };
const plan = (over: Partial<Subscription>): Subscription => subscriptionOf({ features, ...over });

describe('the plan as the account pages show it', () => {
  it('titles Settings with the plan name', () => {
    expect(settingsTitle(plan({ planType: 'business', status: 'trial' }))).toBe('Business Plan Settings');
    expect(settingsTitle(plan({}))).toBe('Settings');
    expect(settingsTitle(undefined)).toBe('Settings');
  });

  it('gives the account page its plan line for no plan, a trial and an active plan', () => {
    expect(planLine(plan({}))).toEqual({ title: 'No plan selected', detail: 'Choose a plan to get started', button: 'Select Plan' });
    const trial = planLine(plan({ planType: 'pro', status: 'trial', trialEndDate: '2026-12-07T12:00:00.000Z' }));
    expect(trial).toEqual({ title: '14-Day Free Trial', detail: 'Pro Plan · Trial ends on December 7, 2026', button: 'Upgrade' });
    expect(planLine(plan({ planType: 'starter', status: 'active', periodEndDate: '2026-12-27T12:00:00.000Z' }))).toEqual({
      title: 'Starter Plan · Active subscription',
      detail: 'Renews on December 27, 2026',
      button: null,
    });
  });

  it('says when a cancelled plan ends, and whom the others ask', () => {
    expect(planLine(plan({ planType: 'business', status: 'active', cancelAtPeriodEnd: true, periodEndDate: '2026-12-27T12:00:00.000Z' }))).toEqual({
      title: 'Business Plan · Cancelled',
      detail: 'Ends on December 27, 2026',
      button: null,
    });
    expect(askOwnerLine('Olive Owner')).toBe('Ask Olive Owner to change the plan');
  });
});
