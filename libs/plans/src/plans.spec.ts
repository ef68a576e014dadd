import { allowsShareRestriction, checkoutPlan, PLAN_DEFINITIONS, planFeatures, SHARE_RESTRICTIONS } from './plans.js';

describe('plan feature table', () => {
  it('holds the storage limits of spec §9 in bytes', () => {
    expect(planFeatures('trial').storageLimit).toBe(10737418240);
    expect(planFeatures('starter').storageLimit).toBe(536870912000);
    expect(planFeatures('business').storageLimit).toBe(2 * 1024 ** 4);
    expect(planFeatures('pro').storageLimit).toBe(5 * 1024 ** 4);
    expect(planFeatures('enterprise').storageLimit).toBe(5 * 1024 ** 4);
  });

  it('takes files up to 50 MB on the trial and without a plan, 10 GB on every paid plan', () => {
    expect([null, 'trial', 'starter', 'business', 'pro', 'enterprise'].map((p) => planFeatures(p).maxFileBytes)).toEqual([
      50 * 1024 ** 2,
      50 * 1024 ** 2,
      10 * 1024 ** 3,
      10 * 1024 ** 3,
      10 * 1024 ** 3,
      10 * 1024 ** 3,
    ]);
  });

  it('keeps versions 30 days on trial and starter, 180 days on business, pro and enterprise', () => {
    expect(['trial', 'starter', 'business', 'pro', 'enterprise'].map((p) => planFeatures(p).versionRetentionDays)).toEqual([30, 30, 180, 180, 180]);
  });

  it('falls back to the trial for a missing or unknown plan', () => {
    for (const plan of [undefined, null, '', 'platinum', 'Pro']) expect(planFeatures(plan)).toEqual(planFeatures('trial'));
  });

  it('gates branding, permissions and audit logs to business and up, the security features to pro and up', () => {
    const gated = (plan: string) => {
      const f = planFeatures(plan);
      return [f.hasCustomBranding, f.hasPermissions, f.hasAuditLogs, f.hasAdvancedSecurity, f.hasIpRestriction, f.hasLinkExpiry, f.hasPrioritySupport];
    };
    expect(gated('trial')).toEqual([false, false, false, false, false, false, false]);
    expect(gated('starter')).toEqual([false, false, false, false, false, false, false]);
    expect(gated('business')).toEqual([true, true, true, false, false, false, false]);
    expect(gated('pro')).toEqual([true, true, true, true, true, true, true]);
    expect(gated('enterprise')).toEqual([true, true, true, true, true, true, true]);
  });
});

describe('share restrictions by plan', () => {
  it('allow IP restrictions, link expiry and access limits on pro and up only (spec §5)', () => {
    const allowed = (plan: string) => SHARE_RESTRICTIONS.filter((restriction) => allowsShareRestriction(planFeatures(plan), restriction));
    expect(SHARE_RESTRICTIONS).toEqual(['allowedIps', 'expiresInDays', 'maxAccessCount']);
    expect(['trial', 'starter', 'business'].map(allowed)).toEqual([[], [], []]);
    expect(allowed('pro')).toEqual(['allowedIps', 'expiresInDays', 'maxAccessCount']);
    expect(allowed('enterprise')).toEqual(['allowedIps', 'expiresInDays', 'maxAccessCount']);
  });

  it('follow each feature on its own', () => {
    const only = (feature: 'hasIpRestriction' | 'hasLinkExpiry' | 'hasAdvancedSecurity') =>
      SHARE_RESTRICTIONS.filter((restriction) => allowsShareRestriction({ ...planFeatures('trial'), [feature]: true }, restriction));
    expect([only('hasIpRestriction'), only('hasLinkExpiry'), only('hasAdvancedSecurity')]).toEqual([['allowedIps'], ['expiresInDays'], ['maxAccessCount']]);
  });
});

describe('plan definitions', () => {
  it('price the four cards in USD and GBP, with Business the most popular', () => {
    expect(PLAN_DEFINITIONS.map((p) => [p.name, p.priceUsd, p.priceGbp, p.storage])).toEqual([
      ['Starter Plan', '$19', '£15', '500 GB'],
      ['Business Plan', '$35', '£29', '2 TB'],
      ['Pro Plan', '$69', '£59', '5 TB'],
      ['Enterprise', '$200+', '£150+', '5+ TB'],
    ]);
    expect(PLAN_DEFINITIONS.filter((p) => p.popular).map((p) => p.name)).toEqual(['Business Plan']);
  });

  it('let checkout start only starter, business or pro', () => {
    expect(checkoutPlan('business')?.name).toBe('Business Plan');
    expect(checkoutPlan('enterprise')).toBeUndefined();
    expect(checkoutPlan(null)).toBeUndefined();
  });
});
