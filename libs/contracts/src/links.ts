import { z } from 'zod';
import { brandingSchema } from './account.js';
import { linkDispositionSchema, linkedFolderSchema, zipDownloadSchema, zipTicketSchema } from './files.js';
import { message } from './messages.js';
import { createShareSchema, shareTicketReplySchema, shareTicketSchema } from './sharing.js';
import { isoDateTime, okReplySchema } from './text.js';

/**
 * Links ("Anyone with the link", product decisions "Sharing outside the company"): one file, opened by
 * anyone who has the link's token, on a public page in the sharer's branding. A link may have a
 * password (every paid plan), an expiry (hasLinkExpiry), a maximum number of downloads
 * (hasAdvancedSecurity) and an IP allow-list (hasIpRestriction), all enforced by the sharing service
 * on every open and download.
 */
export const LinkSubject = {
  CreateLink: 'sharing.link.create',
  ListLinks: 'sharing.link.list',
  UpdateLink: 'sharing.link.update',
  RevokeLink: 'sharing.link.revoke',
  ListLinkAccesses: 'sharing.link.accesses',
  /** The public page: who shared what (after the password, when there is one). */
  OpenLinkPage: 'sharing.link.page',
  /** A View or Download from the public page: checked, counted, and a ticket handed out. */
  OpenLinkFile: 'sharing.link.open',
  RedeemLinkTicket: 'sharing.link.redeem',
  /** A folder link's "Download all": checked like a Download and counted as one; a zip download address good once. */
  ZipLinkFolder: 'sharing.link.zip',
} as const;

/** Events of links (the audit log keeps them). */
export const LinkEvent = {
  Created: 'events.sharing.link.created',
  Changed: 'events.sharing.link.changed',
  Revoked: 'events.sharing.link.revoked',
  /** A link's password was guessed wrong past LINK_GUESSES_ALLOWED in the window: every password is refused for a while (once a window). */
  PasswordThrottled: 'events.sharing.link.password-throttled',
  /** A visitor opened a link's page, or viewed or downloaded through it (counted, as in its history). */
  Accessed: 'events.sharing.link.accessed',
} as const;

/** The public page of a link, in the app (a shell route needing no sign-in). */
export const LINK_PAGE_PATH = '/l/';
/** Where the browser redeems a link's ticket: the gateway checks it with the sharing service and streams the file. */
export const LINK_DOWNLOADS_PATH = '/api/link-downloads/';

/** A link's token: 32 random bytes (256 bits), base64url; only its SHA-256 is kept. */
export const LINK_NOT_FOUND = 'This link does not exist or was turned off by its owner.';
export const linkTokenSchema = z.string({ error: LINK_NOT_FOUND }).regex(/^[A-Za-z0-9_-]{43}$/, LINK_NOT_FOUND);
export const linkTokenParamsSchema = z.object({ token: linkTokenSchema });

/** What a refused open of a link says (the share's refusals, product decisions "Sharing"). */
export const LinkRefusal = {
  PasswordRequired: 'Enter the password to open this link',
  WrongPassword: 'That password is not right',
  TooManyGuesses: 'Too many wrong passwords. Please try again in 15 minutes.',
  Preview: 'Link previews cannot open files',
  TicketSpent: 'This download link has expired or was already used. Open the link again.',
} as const;
/** Wrong passwords a link takes in LINK_GUESS_WINDOW_MINUTES before it refuses every password (the right one too) until the window passes. */
export const LINK_GUESSES_ALLOWED = 5;
export const LINK_GUESS_WINDOW_MINUTES = 15;

/** What a link needs from the plan, beyond its restrictions (RESTRICTION_NEEDS_PLAN). */
export const LINK_NEEDS_PLAN = {
  password: 'Link passwords are available on every paid plan.',
  allowedIps: 'IP restrictions are available on the Pro and Enterprise plans.',
  expiresInDays: 'Link expiry is available on the Pro and Enterprise plans.',
  maxDownloads: 'Download limits are available on the Pro and Enterprise plans.',
} as const;

const PASSWORD_MESSAGE = 'A link password must be 4 to 128 characters';
const linkPassword = z.string({ error: PASSWORD_MESSAGE }).min(4, PASSWORD_MESSAGE).max(128, PASSWORD_MESSAGE);
const restrictions = createShareSchema.pick({ allowedIps: true, expiresInDays: true, maxAccessCount: true }).shape;

export const createLinkSchema = z.object({
  fileId: z.uuid({ error: 'File not found' }),
  /** Null or absent: no password. */
  password: linkPassword.nullish().transform((v) => v ?? null),
  allowedIps: restrictions.allowedIps,
  expiresInDays: restrictions.expiresInDays,
  maxDownloads: restrictions.maxAccessCount,
});
export type CreateLinkInput = z.input<typeof createLinkSchema>;

/** A change of a link: each field left out stays as it is; null removes that restriction (or the password). */
export const updateLinkSchema = z.object({
  password: linkPassword.nullable().optional(),
  allowedIps: restrictions.allowedIps.optional(),
  expiresInDays: restrictions.expiresInDays.optional(),
  maxDownloads: restrictions.maxAccessCount.optional(),
});
export type UpdateLinkInput = z.input<typeof updateLinkSchema>;

export const linkIdSchema = z.object({ linkId: z.uuid({ error: 'Link not found' }) });

/** A link as its sharer sees it (never its token, which only its creation answers: it is kept hashed). */
export const linkItemSchema = z.object({
  id: z.uuid(),
  fileId: z.uuid(),
  fileName: z.string(),
  hasPassword: z.boolean(),
  allowedIps: z.array(z.string()).nullable(),
  expiresAt: isoDateTime().nullable(),
  maxDownloads: z.number().int().nullable(),
  downloadCount: z.number().int(),
  openCount: z.number().int(),
  createdAt: isoDateTime(),
});
export type LinkItem = z.output<typeof linkItemSchema>;
/** A link just made: with its address, shown this once. */
export const createdLinkSchema = linkItemSchema.extend({ token: linkTokenSchema, url: z.string() });
export type CreatedLink = z.output<typeof createdLinkSchema>;

export const listLinksSchema = z.object({ fileId: z.uuid({ error: 'fileId must be a file id' }) });
export const listLinksReplySchema = z.object({ items: z.array(linkItemSchema) });
export type ListLinksReply = z.output<typeof listLinksReplySchema>;

/** One open of a link's page (open), View (inline) or Download (attachment). */
export const linkAccessSchema = z.object({
  id: z.uuid(),
  accessedAt: isoDateTime(),
  clientIp: z.string().nullable(),
  kind: z.enum(['open', 'inline', 'attachment']),
});
export type LinkAccess = z.output<typeof linkAccessSchema>;
export type LinkAccessKind = LinkAccess['kind'];
export const listLinkAccessesReplySchema = z.object({ items: z.array(linkAccessSchema) });
export type ListLinkAccessesReply = z.output<typeof listLinkAccessesReplySchema>;

/** The public page's questions: the password, when the link has one (sent in the body, never in the address). */
export const linkPasswordBodySchema = z.object({ password: z.string().max(128, LinkRefusal.WrongPassword).optional() });
/** A file of a folder link: its id (from the page's listing); a file link's own file without one. */
export const openLinkFileBodySchema = linkPasswordBodySchema
  .extend(linkDispositionSchema.shape)
  .extend({ fileId: z.uuid({ error: 'File not found' }).optional() });
/** A folder link's page, of a folder inside the link's folder (from the page's listing). */
export const linkPageBodySchema = linkPasswordBodySchema.extend({
  folderId: z.uuid({ error: 'Folder not found' }).optional(),
  /** A folder link's next page of the folder: the `next` of the page before. */
  after: z.uuid({ error: 'The folder changed: open it again' }).optional(),
});

/** The public page: who shared what, in the sharer's branding; the file only once the password is given. */
export const linkPageSchema = z.object({
  sharedByName: z.string(),
  branding: brandingSchema,
  passwordRequired: z.boolean(),
  file: z.object({ name: z.string(), size: z.number().int().min(0), mimeType: z.string() }).nullable(),
  /** A folder link, once unlocked: the folder listed (the link's, or one inside it), each file with View and Download. */
  folder: linkedFolderSchema.optional(),
  expiresAt: isoDateTime().nullable(),
});
export type LinkPage = z.output<typeof linkPageSchema>;

/**
 * Link-preview bots (unfurlers): they fetch a link to show its title in a chat; they get the page and
 * its meta tags, but never use up a count, and never the file. The one list: the shell's nginx map
 * (deploy/docker/nginx/coffer/shell.conf) uses this very expression, checked by deploy/test/link-previews.spec.ts.
 */
export const LINK_PREVIEW_BOTS =
  /Slackbot|Slack-ImgProxy|SkypeUriPreview|MicrosoftPreview|WhatsApp|facebookexternalhit|Facebot|Twitterbot|Discordbot|LinkedInBot|TelegramBot|Embedly|Pinterestbot|redditbot|Applebot|Googlebot|bingbot|vkShare|Iframely|Google-PageRenderer|\bbot\b|crawler|spider/i;
export function isLinkPreviewBot(userAgent: string | undefined): boolean {
  return Boolean(userAgent && LINK_PREVIEW_BOTS.test(userAgent));
}

export interface LinkChanged {
  link: LinkItem;
}
export interface LinkAccessed extends LinkChanged {
  access: LinkAccessKind;
}
export interface LinkEvents {
  [LinkEvent.Created]: LinkChanged;
  [LinkEvent.Changed]: LinkChanged;
  [LinkEvent.Revoked]: LinkChanged;
  [LinkEvent.PasswordThrottled]: LinkChanged;
  [LinkEvent.Accessed]: LinkAccessed;
}

export const linkRequests = {
  [LinkSubject.CreateLink]: message(createLinkSchema, createdLinkSchema),
  [LinkSubject.ListLinks]: message(listLinksSchema, listLinksReplySchema),
  [LinkSubject.UpdateLink]: message(linkIdSchema.extend(updateLinkSchema.shape), linkItemSchema),
  [LinkSubject.RevokeLink]: message(linkIdSchema, okReplySchema),
  [LinkSubject.ListLinkAccesses]: message(linkIdSchema, listLinkAccessesReplySchema),
  [LinkSubject.OpenLinkPage]: message(linkTokenParamsSchema.extend(linkPageBodySchema.shape), linkPageSchema),
  [LinkSubject.OpenLinkFile]: message(linkTokenParamsSchema.extend(openLinkFileBodySchema.shape), shareTicketReplySchema),
  [LinkSubject.RedeemLinkTicket]: message(z.object({ ticket: shareTicketSchema }), z.object({ url: z.url(), disposition: z.enum(['inline', 'attachment']) })),
  [LinkSubject.ZipLinkFolder]: message(
    linkTokenParamsSchema.extend(linkPasswordBodySchema.shape),
    z.object({ ticket: zipTicketSchema, expiresAt: z.string(), folderId: z.uuid() }),
  ),
};

/** A folder link's "Download all": the address to post `items` to as a form (see POST /downloads), good once for 60 s. */
export const linkZipSchema = zipDownloadSchema.extend({ items: z.array(z.uuid()) });
export type LinkZip = z.output<typeof linkZipSchema>;
