import { z } from 'zod';
import { formatFileLimit } from './files.js';
import { message } from './messages.js';
import { isoDateTime } from './text.js';

/**
 * Every active link and file request of the account, for its owner and admins (Settings → Permissions):
 * what each reaches, who made it, its restrictions and use, to review and revoke; and all of them as CSV.
 * Active: not revoked and not expired.
 */
export const AccountLinksSubject = {
  ListAccountLinks: 'sharing.account-links.list',
} as const;

/** Rows of one page (the CSV export reads them a page of ACCOUNT_LINKS_PAGE_MAX at a time). */
export const ACCOUNT_LINKS_PAGE = 50;
export const ACCOUNT_LINKS_PAGE_MAX = 500;

/** "<createdAt ISO>_<id>": the last row of the page before. */
const CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LIMIT_MESSAGE = `A page holds 1 to ${ACCOUNT_LINKS_PAGE_MAX} links`;
export const accountLinksQuerySchema = z.object({
  after: z.string().regex(CURSOR, 'Invalid page cursor').optional(),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(ACCOUNT_LINKS_PAGE_MAX, LIMIT_MESSAGE)
    .default(ACCOUNT_LINKS_PAGE),
});
export type AccountLinksQuery = z.input<typeof accountLinksQuerySchema>;
export const accountLinksCursor = (row: { createdAt: string; id: string }) => `${row.createdAt}_${row.id}`;
export const readAccountLinksCursor = (cursor: string) => {
  const at = cursor.indexOf('_');
  return { createdAt: new Date(cursor.slice(0, at)), id: cursor.slice(at + 1) };
};

export const accountLinkSchema = z.object({
  type: z.enum(['link', 'file_request']),
  /** The link's or the request's id (DELETE /api/links/{id} or /api/file-requests/{id} revokes it). */
  id: z.uuid(),
  /** A link's file or folder; a request's folder. */
  itemName: z.string(),
  itemKind: z.enum(['file', 'folder']),
  /** A file request's title (what it asks for); empty for links. */
  title: z.string(),
  createdBy: z.object({ userId: z.string(), name: z.string() }),
  createdAt: isoDateTime(),
  expiresAt: isoDateTime().nullable(),
  hasPassword: z.boolean(),
  allowedIps: z.array(z.string()).nullable(),
  maxDownloads: z.number().int().nullable(),
  /** A file request's cap on each file. */
  maxBytes: z.number().int().nullable(),
  /** Opens of a link's page by people; null for requests. */
  opens: z.number().int().nullable(),
  /** A link's Views and Downloads; null for requests. */
  downloads: z.number().int().nullable(),
  /** Files received through a request; null for links. */
  uploads: z.number().int().nullable(),
});
export type AccountLink = z.output<typeof accountLinkSchema>;
export const listAccountLinksReplySchema = z.object({
  items: z.array(accountLinkSchema),
  /** The `after` of the next page; null on the last. */
  next: z.string().nullable(),
});
export type ListAccountLinksReply = z.output<typeof listAccountLinksReplySchema>;

/** A row's restrictions in words, as the list and the CSV say them: "Password · 2 IP addresses · Up to 5 downloads". */
export function accountLinkRestrictions(row: Pick<AccountLink, 'hasPassword' | 'allowedIps' | 'maxDownloads' | 'maxBytes'>): string {
  const parts: string[] = [];
  if (row.hasPassword) parts.push('Password');
  if (row.allowedIps?.length) parts.push(row.allowedIps.length === 1 ? '1 IP address' : `${row.allowedIps.length} IP addresses`);
  if (row.maxDownloads !== null) parts.push(`Up to ${row.maxDownloads} download${row.maxDownloads === 1 ? '' : 's'}`);
  if (row.maxBytes !== null) parts.push(`Files up to ${formatFileLimit(row.maxBytes)}`);
  return parts.length ? parts.join(' · ') : 'None';
}

export const ACCOUNT_LINKS_CSV_COLUMNS = [
  'Type',
  'Item',
  'Title',
  'Made by',
  'Created',
  'Expires',
  'Restrictions',
  'Allowed IP addresses',
  'Opens',
  'Downloads',
  'Files received',
] as const;
/** One row of the export, cell by cell in ACCOUNT_LINKS_CSV_COLUMNS' order (the caller escapes each cell). */
export const accountLinkCsvCells = (row: AccountLink): (string | null)[] => [
  row.type === 'link' ? `${row.itemKind === 'folder' ? 'Folder' : 'File'} link` : 'File request',
  row.itemName,
  row.title,
  row.createdBy.name,
  row.createdAt,
  row.expiresAt ?? 'Never',
  accountLinkRestrictions(row),
  row.allowedIps?.join(' ') ?? '',
  row.opens === null ? '' : String(row.opens),
  row.downloads === null ? '' : String(row.downloads),
  row.uploads === null ? '' : String(row.uploads),
];

export const accountLinksRequests = {
  [AccountLinksSubject.ListAccountLinks]: message(
    z.object({ after: accountLinksQuerySchema.shape.after, limit: z.number().int().min(1).max(ACCOUNT_LINKS_PAGE_MAX) }),
    listAccountLinksReplySchema,
  ),
};
