import { subscriptionOf } from '@coffer/web-core/testing';
import { checkoutHeading, checkoutMode } from './checkout-mode';

describe('checkout', () => {
  it('offers the free trial only while it is available, then subscribing, and changing an active plan', () => {
    const business = { id: 'business' as const };
    expect(checkoutMode(subscriptionOf({}), business)).toBe('start-trial');
    expect(checkoutMode(subscriptionOf({ status: 'trial', planType: 'starter', trialUsed: true, trialAvailable: false }), business)).toBe('subscribe');
    expect(checkoutMode(subscriptionOf({ trialUsed: true, trialAvailable: false }), business)).toBe('subscribe');
    // The person had a trial in another account.
    expect(checkoutMode(subscriptionOf({ trialAvailable: false }), business)).toBe('subscribe');
    expect(checkoutMode(subscriptionOf({ status: 'active', planType: 'pro', trialAvailable: false }), business)).toBe('change-plan');
    expect(checkoutMode(subscriptionOf({ status: 'active', planType: 'business', trialAvailable: false }), business)).toBe('current-plan');
  });

  it('says "free trial" only when one starts', () => {
    expect(checkoutHeading('start-trial', 'Business Plan')).toBe('Start your free trial of Business Plan');
    expect(checkoutHeading('subscribe', 'Business Plan')).toBe('Subscribe to Business Plan');
    expect(checkoutHeading('change-plan', 'Starter Plan')).toBe('Change to Starter Plan');
    expect(checkoutHeading('current-plan', 'Pro Plan')).toBe('You are on Pro Plan');
  });
});
