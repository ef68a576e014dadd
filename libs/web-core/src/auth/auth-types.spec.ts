import { firstVerifiedTotpFactor, isTwoFactorEnabled, type Factor } from './auth-types';

const verified: Factor = { id: 'f1', factorType: 'totp', status: 'verified', friendlyName: 'Authenticator' };
const unverified: Factor = { ...verified, id: 'f0', status: 'unverified' };

describe('isTwoFactorEnabled', () => {
  it('is on when the current or next level is aal2 and a verified factor exists', () => {
    expect(isTwoFactorEnabled({ currentLevel: 'aal2', nextLevel: 'aal2', factors: [verified] })).toBe(true);
    expect(isTwoFactorEnabled({ currentLevel: 'aal1', nextLevel: 'aal2', factors: [unverified, verified] })).toBe(true);
  });

  it('is off at aal1/aal1, with only an unverified factor, or once the factor is gone', () => {
    expect(isTwoFactorEnabled({ currentLevel: 'aal1', nextLevel: 'aal1', factors: [] })).toBe(false);
    expect(isTwoFactorEnabled({ currentLevel: 'aal1', nextLevel: 'aal1', factors: [unverified] })).toBe(false);
    expect(isTwoFactorEnabled({ currentLevel: 'aal2', nextLevel: 'aal1', factors: [] })).toBe(false);
  });
});

describe('firstVerifiedTotpFactor', () => {
  it('skips unverified factors', () => {
    expect(firstVerifiedTotpFactor({ factors: [unverified, verified] })).toBe(verified);
    expect(firstVerifiedTotpFactor({ factors: [unverified] })).toBeUndefined();
  });
});
