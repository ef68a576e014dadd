import {
  accessTokenExpiresAt,
  clearAccessToken,
  getAccessToken,
  isTwoFactorSetupPending,
  needsSecondFactor,
  readTokenClaims,
  setAccessToken,
} from './access-token';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: object) => `${base64url({ alg: 'ES256', typ: 'JWT' })}.${base64url(claims)}.signature`;

describe('the access token in memory', () => {
  afterEach(() => clearAccessToken());

  it('is kept with its expiry, and forgotten', () => {
    setAccessToken('token-1', 900, 1_000);
    expect(getAccessToken()).toBe('token-1');
    expect(accessTokenExpiresAt()).toBe(901_000);
    clearAccessToken();
    expect(getAccessToken()).toBeNull();
    expect(accessTokenExpiresAt()).toBeNull();
  });
});

describe('readTokenClaims', () => {
  it('reads the assurance level of a JWT (base64url, unpadded)', () => {
    expect(readTokenClaims(jwt({ sub: 'u1', aal: 'aal2', mfa: true, name: 'é~?' }))).toMatchObject({ sub: 'u1', aal: 'aal2', mfa: true });
  });

  it('is null for something that is not a JWT', () => {
    expect(readTokenClaims('opaque')).toBeNull();
    expect(readTokenClaims('a.%%%.c')).toBeNull();
    expect(readTokenClaims(`a.${Buffer.from('"text"').toString('base64url')}.c`)).toBeNull();
  });

  it('tells a token still waiting for its second factor', () => {
    expect(needsSecondFactor(jwt({ aal: 'aal1', mfa: true }))).toBe(true);
    expect(needsSecondFactor(jwt({ aal: 'aal1', mfa: false }))).toBe(false);
    expect(needsSecondFactor(jwt({ aal: 'aal2', mfa: true }))).toBe(false);
    expect(needsSecondFactor('opaque')).toBe(false);
  });
});

describe('isTwoFactorSetupPending', () => {
  it('is true only for a token that may only set two-factor up (its account requires it)', () => {
    expect(isTwoFactorSetupPending(jwt({ aal: 'aal1', mfa: false, tfs: true }))).toBe(true);
    expect(isTwoFactorSetupPending(jwt({ aal: 'aal2', mfa: true }))).toBe(false);
    expect(isTwoFactorSetupPending('opaque')).toBe(false);
    expect(isTwoFactorSetupPending(null)).toBe(false);
  });
});
