import { describeRestrictions, restrictionValues } from './restrictions';

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

describe('restrictionValues', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('fills the options with what the share has, so sharing again keeps them', () => {
    expect(restrictionValues({ allowedIps: ['203.0.113.0/24', '198.51.100.7'], expiresAt: '2026-11-29T11:00:00Z', maxAccessCount: 5 }, now)).toEqual({
      allowedIps: '203.0.113.0/24, 198.51.100.7',
      expiresInDays: '7',
      maxAccessCount: '5',
    });
  });
  it('leaves empty what the share does not restrict, and renews an expired share for a day rather than for ever', () => {
    expect(restrictionValues({ allowedIps: null, expiresAt: null, maxAccessCount: null }, now)).toEqual({
      allowedIps: '',
      expiresInDays: '',
      maxAccessCount: '',
    });
    expect(restrictionValues({ allowedIps: null, expiresAt: '2026-11-01T00:00:00Z', maxAccessCount: null }, now).expiresInDays).toBe('1');
  });
});
