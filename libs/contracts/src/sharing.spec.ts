import { ALLOWED_IP_INVALID, createShareSchema, ipVersion, isIpOrCidr, normaliseIpOrCidr, parseAllowedIps, sharerName } from './sharing.js';

describe('share restrictions', () => {
  it('reads the IP list as the spec says: comma separated, each item trimmed, empty items dropped', () => {
    expect(parseAllowedIps(' 203.0.113.7 ,198.51.100.0/24,, 2001:db8::1 ')).toEqual(['203.0.113.7', '198.51.100.0/24', '2001:db8::1']);
    expect(parseAllowedIps('   ')).toEqual([]);
  });

  it('accepts IPv4 and IPv6 addresses and CIDR blocks, and nothing else', () => {
    expect(['203.0.113.7', '0.0.0.0', '10.0.0.0/8', '2001:db8::1', '::1', '2001:db8::/32', '::ffff:192.0.2.1'].every(isIpOrCidr)).toBe(true);
    expect(['300.1.1.1', '1.2.3', '01.2.3.4', '10.0.0.0/33', '2001:db8::/129', 'example.com', '1.2.3.4/8/1', '', 'gg::1'].some(isIpOrCidr)).toBe(false);
    expect([ipVersion('192.0.2.1'), ipVersion('fe80::1'), ipVersion('nope')]).toEqual([4, 6, 0]);
  });

  it('keeps each entry in one form: an IPv4-mapped IPv6 address or block as IPv4, IPv6 canonical', () => {
    const forms = [
      '::ffff:192.0.2.1',
      '::FFFF:C000:0201',
      '0:0:0:0:0:ffff:192.0.2.1',
      '::ffff:192.0.2.0/120',
      '::ffff:0:0/96',
      '::ffff:0:0/95',
      '2001:DB8:0::1',
      '2001:db8::/032',
      '10.0.0.0/08',
    ];
    expect(forms.map(normaliseIpOrCidr)).toEqual([
      '192.0.2.1',
      '192.0.2.1',
      '192.0.2.1',
      '192.0.2.0/24',
      '0.0.0.0/0',
      '::ffff:0:0/95',
      '2001:db8::1',
      '2001:db8::/32',
      '10.0.0.0/8',
    ]);
    expect(['::ffff:1.2.3.4/129', '1.2.3.4/', '/8', '::ffff:1.2.3.4%eth0', '[::1]', ' '].map(normaliseIpOrCidr)).toEqual(Array(6).fill(undefined));
    const parsed = createShareSchema.parse({
      fileId: '6f1f9bd0-c742-46bf-9c0d-cf919bad41eb',
      email: 'a@b.co',
      allowedIps: [' ::ffff:203.0.113.7', '203.0.113.7', '2001:DB8::1'],
    });
    expect(parsed.allowedIps).toEqual(['203.0.113.7', '2001:db8::1']);
    expect(
      createShareSchema.safeParse({ fileId: '6f1f9bd0-c742-46bf-9c0d-cf919bad41eb', email: 'a@b.co', allowedIps: ['::ffff:1.2.3.4/200'] }).error?.issues[0]
        ?.message,
    ).toBe(ALLOWED_IP_INVALID);
  });

  it('validates the Share File dialog with its messages, and turns empty options into "no restriction"', () => {
    const parsed = createShareSchema.parse({ fileId: '6f1f9bd0-c742-46bf-9c0d-cf919bad41eb', email: ' Ann@Example.COM ', allowedIps: [], expiresInDays: null });
    expect(parsed).toEqual({
      fileId: '6f1f9bd0-c742-46bf-9c0d-cf919bad41eb',
      // A folder's share is Can view unless asked; a file's always is.
      level: 'view',
      email: 'ann@example.com',
      allowedIps: null,
      expiresInDays: null,
      maxAccessCount: null,
    });
    const message = (input: Record<string, unknown>) =>
      createShareSchema.safeParse({ fileId: '6f1f9bd0-c742-46bf-9c0d-cf919bad41eb', ...input }).error?.issues[0]?.message;
    expect(message({ email: '' })).toBe('Please enter an email address');
    expect(message({ email: 'ann@example.com', level: 'manage' })).toBe('level must be one of view, edit');
    expect(message({ email: 'ann@' })).toBe('Please enter a valid email address');
    expect(message({ email: 'a@b.co', expiresInDays: 1.5 })).toBe('Link expiry must be a whole number of days from 1 to 3650');
    expect(message({ email: 'a@b.co', maxAccessCount: 0 })).toBe('Maximum access count must be a whole number from 1 to 1000000');
  });
});

describe('the sharer as a notification or an email names them (spec §9 fallback names)', () => {
  it('is their full name, else their email, else "Someone" in the app and "A user" in the email', () => {
    expect(sharerName({ fullName: 'Dana Lee', email: 'd@example.com' }, 'A user')).toBe('Dana Lee');
    expect(sharerName({ fullName: '', email: 'd@example.com' }, 'A user')).toBe('d@example.com');
    expect(sharerName({ fullName: '', email: '' }, 'A user')).toBe('A user');
    expect(sharerName({ fullName: '', email: '' })).toBe('Someone');
  });
});
