import { ipAllowed } from './ip-allowed.js';
import { sharerName } from '@coffer/contracts';

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

  it('matches IPv4-mapped IPv6 and plain IPv4 either way round, in entries, blocks and the client', () => {
    expect(ipAllowed(['::ffff:203.0.113.7'], '203.0.113.7')).toBe(true);
    expect(ipAllowed(['::FFFF:CB00:7107'], '::ffff:203.0.113.7')).toBe(true);
    expect(ipAllowed(['::ffff:198.51.100.0/120'], '198.51.100.9')).toBe(true);
    expect(ipAllowed(['198.51.100.0/24'], '::ffff:c633:6409')).toBe(true);
    expect(ipAllowed(['::ffff:203.0.113.7'], '203.0.113.8')).toBe(false);
  });

  it('never throws on a stored entry it cannot read: that entry lets nobody in, the others still count', () => {
    const stored = ['::ffff:203.0.113.7/33x', 'garbage', '1.2.3.4/99', '', '::ffff:1.2.3.4/8/1', '198.51.100.0/24'];
    expect(() => ipAllowed(stored, '203.0.113.7')).not.toThrow();
    expect(ipAllowed(stored, '203.0.113.7')).toBe(false);
    expect(ipAllowed(stored, '198.51.100.3')).toBe(true);
    expect(ipAllowed(['10.0.0.0/8'], '10.0.0.0/8')).toBe(false);
  });

  it('names the sharer by full name, else email, else "Someone"', () => {
    expect(sharerName({ fullName: 'Dana Lee', email: 'd@example.com' })).toBe('Dana Lee');
    expect(sharerName({ fullName: ' ', email: 'd@example.com' })).toBe('d@example.com');
    expect(sharerName(undefined)).toBe('Someone');
  });
});
