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

const DAY_MS = 86_400_000;

/**
 * The Share File dialog's option fields as a share has them now, so that sharing again with the same
 * address keeps them unless they are changed on purpose. A share's expiry shows as the whole days
 * left (at least one: an expired share is renewed for a day, never silently without expiry).
 */
export function restrictionValues(share: Pick<ShareItem, 'allowedIps' | 'expiresAt' | 'maxAccessCount'>, now = Date.now()) {
  return {
    allowedIps: share.allowedIps?.join(', ') ?? '',
    expiresInDays: share.expiresAt ? String(Math.max(1, Math.ceil((Date.parse(share.expiresAt) - now) / DAY_MS))) : '',
    maxAccessCount: share.maxAccessCount === null ? '' : String(share.maxAccessCount),
  };
}
