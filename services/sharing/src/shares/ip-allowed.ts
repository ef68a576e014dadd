import { BlockList } from 'node:net';
import { ipVersion, normaliseIpOrCidr } from '@coffer/contracts';

const familyOf = (address: string) => (ipVersion(address) === 6 ? 'ipv6' : 'ipv4');

/**
 * Is the client's address one of the allowed addresses or inside one of the allowed blocks? Both
 * sides are read in the one form the contracts keep (an IPv4-mapped IPv6 address is its IPv4
 * address), so ::ffff:203.0.113.7 and 203.0.113.7 match each other either way round. An entry
 * that cannot be read (kept before entries were checked as they are now) lets nobody in and
 * never breaks the open: the other entries still count.
 */
export function ipAllowed(allowed: string[], clientIp: string | undefined): boolean {
  const client = clientIp === undefined ? undefined : normaliseIpOrCidr(clientIp);
  if (!client || client.includes('/')) return false;
  const list = new BlockList();
  for (const stored of allowed) {
    const entry = normaliseIpOrCidr(stored);
    if (!entry) continue;
    const [address, bits] = entry.split('/');
    try {
      if (bits === undefined) list.addAddress(address, familyOf(address));
      else list.addSubnet(address, Number(bits), familyOf(address));
    } catch {
      // Not an address node:net reads, however it was written: it lets nobody in.
    }
  }
  return list.check(client, familyOf(client));
}
