import type { Subscription } from '@coffer/contracts';
import { planFeatures } from '@coffer/plans';
import { checkoutHeading, checkoutMode } from './checkout-mode';

const subscription = (over: Partial<Subscription>): Subscription => ({
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

describe('checkout', () => {
  it('offers the free trial only while it is available, then subscribing, and changing an active plan', () => {
    const business = { id: 'business' as const };
    expect(checkoutMode(subscription({}), business)).toBe('start-trial');
    expect(checkoutMode(subscription({ status: 'trial', planType: 'starter', trialUsed: true, trialAvailable: false }), business)).toBe('subscribe');
    expect(checkoutMode(subscription({ trialUsed: true, trialAvailable: false }), business)).toBe('subscribe');
    // The person had a trial in another account.
    expect(checkoutMode(subscription({ trialAvailable: false }), business)).toBe('subscribe');
    expect(checkoutMode(subscription({ status: 'active', planType: 'pro', trialAvailable: false }), business)).toBe('change-plan');
    expect(checkoutMode(subscription({ status: 'active', planType: 'business', trialAvailable: false }), business)).toBe('current-plan');
  });

  it('says "free trial" only when one starts', () => {
    expect(checkoutHeading('start-trial', 'Business Plan')).toBe('Start your free trial of Business Plan');
    expect(checkoutHeading('subscribe', 'Business Plan')).toBe('Subscribe to Business Plan');
    expect(checkoutHeading('change-plan', 'Starter Plan')).toBe('Change to Starter Plan');
    expect(checkoutHeading('current-plan', 'Pro Plan')).toBe('You are on Pro Plan');
  });
});
