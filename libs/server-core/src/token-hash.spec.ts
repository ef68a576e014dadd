import { tokenHash } from './token-hash.js';

describe('tokenHash', () => {
  it('is the base64url SHA-256 the stored hashes were made with (the FIPS 180-2 "abc" vector)', () => {
    // Sessions, emailed links, invitations, share tickets and recovery codes are looked up by this: its bytes never change.
    expect(tokenHash('abc')).toBe('ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
  });
});
