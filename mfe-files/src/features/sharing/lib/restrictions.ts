import type { ShareItem } from '@coffer/contracts';

/** The restrictions of a share in a few words, for the lists ("Expires 3/1/2027 · 1 of 5 opens · IP restricted"). */
export function describeRestrictions(share: Pick<ShareItem, 'allowedIps' | 'expiresAt' | 'maxAccessCount' | 'accessCount'>, now = Date.now()): string[] {
  const parts: string[] = [];
  if (share.expiresAt) {
    const expires = new Date(share.expiresAt);
    parts.push(expires.getTime() <= now ? 'Expired' : `Expires ${expires.toLocaleDateString()}`);
  }
  if (share.maxAccessCount !== null) parts.push(`${share.accessCount} of ${share.maxAccessCount} opens`);
  if (share.allowedIps) parts.push('IP restricted');
  return parts;
}
