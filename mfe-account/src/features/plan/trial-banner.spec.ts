import { subscriptionOf } from '@coffer/web-core/testing';
import { trialBanner } from './trial-banner';

const DAY_MS = 86_400_000;
const now = Date.parse('2026-12-01T12:00:00.000Z');

describe("the dashboard's trial banner", () => {
  it('shows three days before the trial ends and once it has ended, not before, not with a plan', () => {
    const endingIn = (days: number) =>
      subscriptionOf({ status: 'trial', planType: 'business', trialUsed: true, trialEndDate: new Date(now + days * DAY_MS).toISOString() });
    expect(trialBanner(endingIn(4), now)).toBeNull();
    expect(trialBanner(endingIn(3), now)?.title).toBe('Your free trial ends on December 4, 2026');
    expect(trialBanner(subscriptionOf({ trialUsed: true, trialAvailable: false }), now)?.title).toBe('Your free trial has ended');
    expect(trialBanner(subscriptionOf({}), now)).toBeNull();
    expect(trialBanner(subscriptionOf({ status: 'active', planType: 'pro', trialUsed: true }), now)).toBeNull();
  });
});
