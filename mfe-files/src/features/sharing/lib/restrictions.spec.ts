import { describeRestrictions } from './restrictions';

describe('describeRestrictions', () => {
  const none = { allowedIps: null, expiresAt: null, maxAccessCount: null, accessCount: 0 };
  it('says nothing of a share without restrictions', () => {
    expect(describeRestrictions(none)).toEqual([]);
  });
  it('names each restriction, and an expiry in the past as expired', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(describeRestrictions({ allowedIps: ['203.0.113.7'], expiresAt: '2026-11-21T12:00:00Z', maxAccessCount: 5, accessCount: 2 }, now)).toEqual([
      'Expired',
      '2 of 5 opens',
      'IP restricted',
    ]);
    expect(describeRestrictions({ ...none, expiresAt: '2026-11-29T12:00:00Z' }, now)[0]).toMatch(/^Expires /);
  });
});
