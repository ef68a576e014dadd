import { z } from 'zod';
import { linkDispositionSchema, whoHasAccessSchema } from './files.js';
import { message } from './messages.js';
import { isoDateTime, okReplySchema, text } from './text.js';

/** Request/reply subjects of the sharing service. */
export const SharingSubject = {
  CreateShare: 'sharing.share.create',
  ListShares: 'sharing.share.list',
  RevokeShare: 'sharing.share.revoke',
  ShareLink: 'sharing.share.link',
  RedeemShareTicket: 'sharing.share.redeem',
  /** The gateway sent less of a View's read than it was granted (the player went away): the rest goes back to the View. */
  ReturnUnreadBytes: 'sharing.share.unread',
  ConfirmAddress: 'sharing.address.confirm',
  /** A share email's link, followed by someone not signed in: who shared what with the address (no sign-in; the token is the proof). */
  DescribeAddressLink: 'sharing.address.describe',
  ListShareAccesses: 'sharing.share.accesses',
  /**
   * The files service asks, for a person opening an item of another account: the folder share with them
   * (their confirmed address) of the item's folder or of a folder above it, if any, checked against its
   * restrictions now (and, for a View or Download, counted as one access).
   */
  FolderShareGrant: 'sharing.share.folder-grant',
  /** The shares by email of one item of the caller's account ("Who has access"; the gateway asks once the files service let the caller open the item). */
  SharesOfItem: 'sharing.share.of-item',
} as const;

/** Events published by the sharing service. */
export const SharingEvent = {
  ShareCreated: 'events.sharing.share.created',
  ShareRevoked: 'events.sharing.share.revoked',
  ShareAccessed: 'events.sharing.share.accessed',
  /** A share made before its recipient confirmed the address reaches them now that they have: they are notified in the app. */
  ShareDelivered: 'events.sharing.share.delivered',
} as const;

/** A user who shared too much in the last hour (each share sends an email). */
export const SHARE_LIMIT_REACHED = 'You have shared too many files in the last hour. Please try again later.';
export const SHARE_RECIPIENT_LIMIT_REACHED = 'You have shared with this address too often in the last hour. Please try again later.';

/** What a refused open or download of a share says (product decisions, "Sharing"). */
export const ShareRefusal = {
  Expired: 'This share has expired',
  NetworkNotAllowed: 'Access from your network is not allowed',
  AccessLimitReached: 'This share has reached its access limit',
  TicketSpent: 'This download link has expired or was already used. Open the file again from Shared.',
  ViewSpent: 'This view has already read as much as the whole file. Open the file again from Shared.',
} as const;

/**
 * A share email to an address nobody has confirmed carries a link that proves its reader owns the
 * address (as the confirmation email does): opened while signed in with that address, it confirms it.
 */
export const ADDRESS_LINK_DAYS = 30;
export const AddressLinkRefusal = {
  Invalid: 'This link has expired. Ask the sender to share the file again.',
  OtherAddress: 'This link was sent to another email address. Sign in with that address to see the file.',
} as const;
export const confirmAddressSchema = z.object({
  token: z.string({ error: AddressLinkRefusal.Invalid }).regex(/^[A-Za-z0-9_-]{43}$/, AddressLinkRefusal.Invalid),
});
/** The query parameter of /dashboard/shared that carries it. */
export const CONFIRM_ADDRESS_PARAM = 'confirm';
/** What a share email's link says to someone not signed in: who shared what with the address, and whether it has an account. */
export const addressLinkSchema = z.object({
  email: z.string(),
  sharedByName: z.string(),
  fileName: z.string(),
  /** Files shared with the address besides that one. */
  otherFiles: z.number().int().min(0),
  hasAccount: z.boolean(),
});
export type AddressLink = z.output<typeof addressLinkSchema>;

/**
 * A recipient's open hands out a download ticket, not the file's address: to be used
 * within this long, from the address that asked, and only while the share still allows it.
 * Every download is therefore one counted open, and a revoke, an expiry or the trash stops it.
 * A Download's ticket is good once; so is a View's read whole (a picture, a PDF). A View's read
 * a byte range at a time is the one open of a player, which reads the file in ranges as the
 * recipient plays and jumps (SHARE_VIEW_IDLE_SECONDS).
 */
export const SHARE_TICKET_SECONDS = 60;
/**
 * A View's ticket stays good, from the same address, while it is in use: each read keeps it
 * this long more (a paused recording resumes within it), and never past SHARE_VIEW_MAX_SECONDS
 * from the open. Every read checks the share again.
 */
export const SHARE_VIEW_IDLE_SECONDS = 600;
export const SHARE_VIEW_MAX_SECONDS = 4 * 3600;
/**
 * What a View's player may read in all, over and above the file once: a quarter of the file more. A
 * player re-reads around the points it seeks to (what it had read ahead is dropped at a seek, and
 * bytes already in flight on a connection it closes are counted as sent); reads it broke off are
 * counted only as far as they were sent. A quarter covers many seeks of a recording, and is never
 * a second copy.
 */
export const SHARE_VIEW_REREAD_ALLOWANCE = 0.25;
/** The bytes one View may read in all (SHARE_VIEW_REREAD_ALLOWANCE). */
export const viewByteBudget = (fileSize: number) => fileSize + Math.ceil(fileSize * SHARE_VIEW_REREAD_ALLOWANCE);

/** One byte range a player asks for: from `start` (to `end`, inclusive, or to the file's end), or the last `suffix` bytes. */
export const byteRangeSchema = z.union([
  z.object({ start: z.number().int().min(0), end: z.number().int().min(0).optional() }).strict(),
  z.object({ suffix: z.number().int().min(1) }).strict(),
]);
export type ByteRange = z.output<typeof byteRangeSchema>;

/**
 * The one byte range a player asks for (`bytes=start-`, `bytes=start-end` or `bytes=-suffix`);
 * anything else (several ranges, other units, nonsense) is undefined: read whole, as HTTP allows a server to.
 */
export function singleByteRange(header: string | undefined): ByteRange | undefined {
  const match = header?.trim().match(/^bytes=(?:(\d{1,15})-(\d{0,15})|-(\d{1,15}))$/);
  if (!match) return undefined;
  const [, start, end, suffix] = match;
  if (suffix !== undefined) return Number(suffix) > 0 ? { suffix: Number(suffix) } : undefined;
  if (end && Number(end) < Number(start)) return undefined;
  return end ? { start: Number(start), end: Number(end) } : { start: Number(start) };
}

/** A byte range as a Range header asks for it again (what storage is asked for). */
export const byteRangeHeader = (range: ByteRange): string => ('suffix' in range ? `bytes=-${range.suffix}` : `bytes=${range.start}-${range.end ?? ''}`);

/** Where the browser redeems a ticket: the gateway checks it with the sharing service and streams the file. */
export const SHARE_DOWNLOADS_PATH = '/api/share-downloads/';
/** A ticket: 32 random bytes, base64url. */
export const shareTicketSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, ShareRefusal.TicketSpent);
export const shareTicketParamsSchema = z.object({ ticket: shareTicketSchema });
/** The recipient's open, as the sharing service answers it. */
export const shareTicketReplySchema = z.object({ ticket: shareTicketSchema, expiresAt: isoDateTime() });
export type ShareTicketReply = z.output<typeof shareTicketReplySchema>;
/** The recipient's open, as the browser gets it: a same-origin path, to be used within SHARE_TICKET_SECONDS. */
export const shareLinkSchema = z.object({ url: z.string().startsWith(SHARE_DOWNLOADS_PATH), expiresAt: isoDateTime() });
export type ShareLink = z.output<typeof shareLinkSchema>;
/**
 * A redeemed ticket: where the gateway reads the bytes from (a short-lived URL that never leaves
 * the server), and what the open was for (a View's player may read ranges).
 */
export const redeemedTicketSchema = z.object({
  url: z.url(),
  disposition: linkDispositionSchema.shape.disposition.unwrap(),
  /**
   * A View's ranged read: the range to read from storage (what was asked, cut to what the View has
   * left, SHARE_VIEW_REREAD_ALLOWANCE) and the bytes granted for it, counted against the View;
   * what is not sent goes back with ReturnUnreadBytes.
   */
  read: z.object({ range: z.string().regex(/^bytes=(\d+-\d*|-\d+)$/), bytes: z.number().int().min(0) }).optional(),
});
export type RedeemedTicket = z.output<typeof redeemedTicketSchema>;

/** Which plan feature each restriction needs (spec §5), and what the server says without it. */
export const RESTRICTION_NEEDS_PLAN = {
  allowedIps: 'IP restrictions are available on the Pro and Enterprise plans.',
  expiresInDays: 'Link expiry is available on the Pro and Enterprise plans.',
  maxAccessCount: 'Access limits are available on the Pro and Enterprise plans.',
} as const;

const MAX_ALLOWED_IPS = 50;
/** An allow-list entry that is not an IPv4 or IPv6 address or CIDR block. */
export const ALLOWED_IP_INVALID = 'Enter IP addresses separated by commas, like 203.0.113.7';
const MAX_EXPIRY_DAYS = 3650;
const MAX_ACCESS_COUNT = 1_000_000;

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** 4 or 6 for an IP address, else 0 (runs in browsers too, so no node:net). */
export function ipVersion(value: string): 0 | 4 | 6 {
  if (IPV4.test(value)) return 4;
  if (!value.includes(':') || !/^[\da-f:.]+$/i.test(value)) return 0;
  try {
    // The WHATWG URL parser validates IPv6 literals the same way everywhere.
    new URL(`http://[${value}]/`);
    return 6;
  } catch {
    return 0;
  }
}

/** The IPv4 address an IPv4-mapped IPv6 address stands for (::ffff:203.0.113.7, ::ffff:cb00:7107), from its canonical form. */
function mappedIpv4(canonical: string): string | undefined {
  const mapped = canonical.match(/^::ffff:([\da-f]{1,4}):([\da-f]{1,4})$/);
  if (!mapped) return undefined;
  const [high, low] = [parseInt(mapped[1], 16), parseInt(mapped[2], 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * One allow-list entry (or a client's address) in the one form Coffer keeps and compares: an IPv4
 * address or block as written; an IPv6 one in its canonical lower-case form; an IPv4-mapped IPv6
 * address (::ffff:203.0.113.7) or block of at least /96 as the IPv4 address or block it stands
 * for. Undefined for anything that is not an address or a CIDR block of either family.
 */
export function normaliseIpOrCidr(value: string): string | undefined {
  const [address, bits, ...rest] = value.trim().split('/');
  const version = ipVersion(address);
  if (!version || rest.length > 0) return undefined;
  if (bits !== undefined && (!/^\d{1,3}$/.test(bits) || Number(bits) > (version === 4 ? 32 : 128))) return undefined;
  if (version === 4) return bits === undefined ? address : `${address}/${Number(bits)}`;
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const ipv4 = mappedIpv4(canonical);
  if (bits === undefined) return ipv4 ?? canonical;
  return ipv4 && Number(bits) >= 96 ? `${ipv4}/${Number(bits) - 96}` : `${canonical}/${Number(bits)}`;
}

/** An IPv4 or IPv6 address, or a CIDR block of either. */
export function isIpOrCidr(value: string): boolean {
  return normaliseIpOrCidr(value) !== undefined;
}

/** Spec §5: comma separated, each item trimmed; empty means no restriction. */
export function parseAllowedIps(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

const optionalWholeNumber = (message: string, max: number) =>
  z
    .number({ error: message })
    .int(message)
    .min(1, message)
    .max(max, message)
    .nullish()
    .transform((v) => v ?? null);

/** What a share shares: one file, or a folder with everything in it. */
export const SHARE_KINDS = ['file', 'folder'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];
/** What the recipient of a share may do: open and download (Can view), and in a shared folder also upload and create folders (Can edit). */
export const SHARE_LEVELS = ['view', 'edit'] as const;
export type ShareLevel = (typeof SHARE_LEVELS)[number];

/** The Share dialog of a file or a folder (spec §3 "Share request", §5). */
export const createShareSchema = z.object({
  /** The file's or the folder's id. */
  fileId: z.uuid({ error: 'File not found' }),
  /** A folder's share: Can view or Can edit. A file is always shared Can view. */
  level: z.enum(SHARE_LEVELS, { error: `level must be one of ${SHARE_LEVELS.join(', ')}` }).default('view'),
  email: text('Please enter an email address')
    .trim()
    .min(1, 'Please enter an email address')
    .toLowerCase()
    .pipe(z.email({ error: 'Please enter a valid email address' }).max(320, 'Please enter a valid email address')),
  allowedIps: z
    .array(
      z
        .string({ error: ALLOWED_IP_INVALID })
        .trim()
        .refine(isIpOrCidr, { error: ALLOWED_IP_INVALID })
        // Kept as Coffer compares them: ::ffff:203.0.113.7 is 203.0.113.7 (an IPv4 client is matched as IPv4).
        .transform((entry) => normaliseIpOrCidr(entry)!),
    )
    .max(MAX_ALLOWED_IPS, `At most ${MAX_ALLOWED_IPS} IP addresses`)
    .nullish()
    .transform((v) => (v && v.length > 0 ? [...new Set(v)] : null)),
  expiresInDays: optionalWholeNumber(`Link expiry must be a whole number of days from 1 to ${MAX_EXPIRY_DAYS}`, MAX_EXPIRY_DAYS),
  maxAccessCount: optionalWholeNumber(`Maximum access count must be a whole number from 1 to ${MAX_ACCESS_COUNT}`, MAX_ACCESS_COUNT),
  /**
   * The id of this press of Share, the same when the same request is sent
   * again: a repeat answers with the share the first made, and sends no
   * second email; the id sent with anything else is refused.
   */
  requestId: z.uuid({ error: 'The request id must be a UUID' }).optional(),
});
/** A request id sent again with another file, address or restrictions (409). */
export const SHARE_REQUEST_REUSED = 'This request id was already used for a different share';
export type CreateShareInput = z.input<typeof createShareSchema>;

export const SHARE_DIRECTIONS = ['with-me', 'by-me'] as const;
export type ShareDirection = (typeof SHARE_DIRECTIONS)[number];
/** The most shares one page of a list holds, and how many a page holds unless asked. */
export const SHARES_PAGE_MAX = 500;
export const SHARES_PAGE_SIZE = 50;
/**
 * Where a page of a list starts: the `next` of the page before (the last item's time in microseconds since
 * 1970, and its id). At most 17 digits (until the year 5138): a longer number is no cursor the server gave.
 */
const PAGE_CURSOR = /^\d{1,17}\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A page of a list, newest first: at most `limit` items (`size` unless asked), after `after` (the `next` of the page before). */
function newestFirstPage(size: number) {
  const limitMessage = `limit must be a whole number from 1 to ${SHARES_PAGE_MAX}`;
  return z.object({
    limit: z.coerce.number({ error: limitMessage }).int(limitMessage).min(1, limitMessage).max(SHARES_PAGE_MAX, limitMessage).default(size),
    after: z.string().regex(PAGE_CURSOR, 'after must be the next of the page before').optional(),
  });
}
export const listSharesSchema = z.object({
  direction: z.enum(SHARE_DIRECTIONS, { error: `direction must be one of ${SHARE_DIRECTIONS.join(', ')}` }).default('with-me'),
  /** By me only: the shares of one file (the Share dialog's "Shared with" list). */
  fileId: z.uuid({ error: 'fileId must be a file id' }).optional(),
  ...newestFirstPage(SHARES_PAGE_SIZE).shape,
});
export const shareIdSchema = z.object({ shareId: z.uuid({ error: 'Share not found' }) });

/** A file or a folder shared with one email address, with its restrictions. */
export const shareItemSchema = z.object({
  id: z.uuid(),
  /** The file's or the folder's id (listed by it the same way). */
  fileId: z.uuid(),
  kind: z.enum(SHARE_KINDS),
  level: z.enum(SHARE_LEVELS),
  fileName: z.string(),
  fileSize: z.number().int().min(0),
  mimeType: z.string(),
  sharedByUserId: z.uuid(),
  /** Spec §9 fallback: the sharer's full name, else email. */
  sharedByName: z.string(),
  sharedWithEmail: z.string(),
  allowedIps: z.array(z.string()).nullable(),
  expiresAt: isoDateTime().nullable(),
  maxAccessCount: z.number().int().nullable(),
  accessCount: z.number().int(),
  createdAt: isoDateTime(),
  /** Spec §3: every shared item is flagged as shared; isOwner when the caller shared it. */
  isShared: z.literal(true),
  isOwner: z.boolean(),
});
export type ShareItem = z.output<typeof shareItemSchema>;
export const listSharesReplySchema = z.object({
  items: z.array(shareItemSchema),
  /** Where the next page starts (its `after`); null on the last page. Every share of a list is on some page. */
  next: z.string().nullable(),
  /** How many shares the whole list holds. */
  total: z.number().int().min(0),
  /** With me: false while the caller's email address is not confirmed (nothing is listed then). */
  emailConfirmed: z.boolean(),
});
export type ListSharesReply = z.output<typeof listSharesReplySchema>;

/** A share by email of an item, as "Who has access" lists it: with whom, by whom, and whether the caller may remove it (the sharer; the account's owner, admins and moderators). */
export const itemShareSchema = z.object({
  id: z.uuid(),
  itemId: z.uuid(),
  sharedWithEmail: z.string(),
  sharedByUserId: z.uuid(),
  sharedByName: z.string(),
  expiresAt: isoDateTime().nullable(),
  createdAt: isoDateTime(),
  canRevoke: z.boolean(),
});
export type ItemShare = z.output<typeof itemShareSchema>;
export const itemSharesReplySchema = z.object({ items: z.array(itemShareSchema) });
export type ItemSharesReply = z.output<typeof itemSharesReplySchema>;

/** "Who has access" to a file or folder, as the browser gets it: the files service's grants, and the item's shares by email. */
export const whoHasAccessReplySchema = whoHasAccessSchema.extend({ shares: z.array(itemShareSchema) });
export type WhoHasAccessReply = z.output<typeof whoHasAccessReplySchema>;

/** How many opens a page of a share's access history holds unless asked (newest first; Show more for the rest). */
export const SHARE_ACCESSES_PAGE_SIZE = 100;
/** A page of a share's opens and downloads. */
export const listShareAccessesQuerySchema = newestFirstPage(SHARE_ACCESSES_PAGE_SIZE);
/** One open (inline: a view) or download (attachment) of a share by its recipient. */
export const shareAccessSchema = z.object({
  id: z.uuid(),
  accessedAt: isoDateTime(),
  clientIp: z.string().nullable(),
  disposition: z.enum(['inline', 'attachment']),
});
export type ShareAccess = z.output<typeof shareAccessSchema>;
export const listShareAccessesReplySchema = z.object({
  items: z.array(shareAccessSchema),
  /** Where the next page starts (its `after`); null on the last page. */
  next: z.string().nullable(),
  /** How many opens the share has had in all. */
  total: z.number().int().min(0),
});
export type ListShareAccessesReply = z.output<typeof listShareAccessesReplySchema>;

/**
 * What the files service asks for a person opening an item of another account: the account, the item's
 * folders from the item up (the item itself first), the person's address as the gateway saw it, and for a
 * View or Download its disposition (each is one access of the share, counted against its maximum).
 */
export const folderShareGrantSchema = z.object({
  accountId: z.string().min(1),
  folderIds: z.array(z.uuid()).min(1).max(1000),
  clientIp: z.string().nullable(),
  disposition: z.enum(['inline', 'attachment']).nullable(),
});
export const folderShareGrantReplySchema = z.object({
  grant: z.object({ shareId: z.uuid(), folderId: z.uuid(), level: z.enum(SHARE_LEVELS), accountId: z.string(), sharedByUserId: z.string() }).nullable(),
});
export type FolderShareGrant = NonNullable<z.output<typeof folderShareGrantReplySchema>['grant']>;

/** Every request the sharing service answers: its payload and its reply. */
export const sharingRequests = {
  [SharingSubject.CreateShare]: message(createShareSchema, shareItemSchema),
  [SharingSubject.ListShares]: message(listSharesSchema, listSharesReplySchema),
  [SharingSubject.RevokeShare]: message(shareIdSchema, okReplySchema),
  [SharingSubject.ShareLink]: message(shareIdSchema.extend(linkDispositionSchema.shape), shareTicketReplySchema),
  /** `range`: the one byte range the browser asked for (a player): a View's ticket is kept for the next; read whole, it is spent. */
  [SharingSubject.RedeemShareTicket]: message(z.object({ ticket: shareTicketSchema, range: byteRangeSchema.optional() }), redeemedTicketSchema),
  [SharingSubject.ReturnUnreadBytes]: message(z.object({ ticket: shareTicketSchema, bytes: z.number().int().min(1) }), okReplySchema),
  [SharingSubject.ConfirmAddress]: message(confirmAddressSchema, okReplySchema),
  [SharingSubject.DescribeAddressLink]: message(confirmAddressSchema, addressLinkSchema),
  [SharingSubject.SharesOfItem]: message(z.object({ itemId: z.uuid({ error: 'File not found' }) }), itemSharesReplySchema),
  [SharingSubject.ListShareAccesses]: message(shareIdSchema.extend(listShareAccessesQuerySchema.shape), listShareAccessesReplySchema),
  [SharingSubject.FolderShareGrant]: message(folderShareGrantSchema, folderShareGrantReplySchema),
};

/**
 * Spec §9 fallback names: a sharer is shown by full name, else email, else "Someone" (in the app)
 * or "A user" (in the email).
 */
export function sharerName(sharer: { fullName: string; email: string } | undefined, fallback: 'Someone' | 'A user' = 'Someone'): string {
  return sharer?.fullName.trim() || sharer?.email || fallback;
}

/** A file was shared with an email address (again: its restrictions were replaced). */
export interface ShareCreated {
  share: ShareItem;
  /** Empty when unknown: the email falls back to "A user" (spec §9). */
  sharedByFullName: string;
  sharedByEmail: string;
  /** The recipient's user id when that address belongs to a Coffer user. */
  recipientUserId: string | null;
  /** When nobody has confirmed the address: the token of the email's link that proves its reader owns it. */
  addressToken: string | null;
}
/** A share made before its recipient confirmed the address, delivered once they did (ShareCreated's in-app side, without its email). */
export type ShareDelivered = Pick<ShareCreated, 'share' | 'sharedByFullName' | 'sharedByEmail'> & { recipientUserId: string };
/** A share was revoked by its sharer or an account admin. */
export interface ShareRevoked {
  share: ShareItem;
  recipientUserId: string | null;
}
/** The recipient opened or downloaded a shared file; the access was counted. */
export interface ShareAccessed {
  share: ShareItem;
  recipientUserId: string;
  clientIp: string | null;
  /** inline: a view; attachment: a download. */
  disposition: 'inline' | 'attachment';
  /** The first open of this share by its recipient (the sharer is told once). */
  firstAccess: boolean;
  /** The recipient's full name, else email. */
  recipientName: string;
}

/** The payload of each sharing event. */
export interface SharingEvents {
  [SharingEvent.ShareCreated]: ShareCreated;
  [SharingEvent.ShareRevoked]: ShareRevoked;
  [SharingEvent.ShareAccessed]: ShareAccessed;
  [SharingEvent.ShareDelivered]: ShareDelivered;
}
