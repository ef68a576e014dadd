import { ipAllowed, sharerName } from './shares.service.js';

describe('the IP allow-list of a share', () => {
  it('lets in exact addresses and addresses inside an allowed block, IPv4 and IPv6', () => {
    const allowed = ['203.0.113.7', '198.51.100.0/24', '2001:db8::/32'];
    expect(ipAllowed(allowed, '203.0.113.7')).toBe(true);
    expect(ipAllowed(allowed, '198.51.100.200')).toBe(true);
    expect(ipAllowed(allowed, '2001:db8:1::5')).toBe(true);
    // An IPv4 client seen through an IPv6 socket is the same client.
    expect(ipAllowed(allowed, '::ffff:203.0.113.7')).toBe(true);
  });

  it('keeps out every other address, and a request whose address is unknown', () => {
    const allowed = ['203.0.113.7', '198.51.100.0/24'];
    expect(ipAllowed(allowed, '203.0.113.8')).toBe(false);
    expect(ipAllowed(allowed, '198.51.101.1')).toBe(false);
    expect(ipAllowed(allowed, '2001:db8::1')).toBe(false);
    expect(ipAllowed(allowed, undefined)).toBe(false);
    expect(ipAllowed(allowed, 'garbage')).toBe(false);
  });

  it('names the sharer by full name, else email, else "Someone"', () => {
    expect(sharerName({ userId: 'u', fullName: 'Dana Lee', email: 'd@example.com', emailConfirmed: true })).toBe('Dana Lee');
    expect(sharerName({ userId: 'u', fullName: ' ', email: 'd@example.com', emailConfirmed: true })).toBe('d@example.com');
    expect(sharerName(undefined)).toBe('Someone');
  });
});
