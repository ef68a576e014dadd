import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, bigint } from 'drizzle-orm/pg-core';
// outbox and processed_events are @coffer/server-core's (its own migrations): not listed here, so drizzle-kit leaves them alone.

/**
 * A file or a folder shared with one email address (`kind`; a folder's share is Can view or Can edit,
 * `level`, and reaches everything in it). The file's name, size and type are
 * copied from the files service when the share is made, so listing shares needs
 * no call to another service; the name follows the file's renames (and moves
 * that rename it on a clash) through the files service's FileRenamed event.
 */
export const shares = pgTable(
  'shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id').notNull(),
    fileId: uuid('file_id').notNull(),
    kind: text('kind', { enum: ['file', 'folder'] })
      .notNull()
      .default('file'),
    level: text('level', { enum: ['view', 'edit'] })
      .notNull()
      .default('view'),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type').notNull(),
    sharedByUserId: text('shared_by_user_id').notNull(),
    /** Lower case; a share belongs to whoever proves they own this address. */
    sharedWithEmail: text('shared_with_email').notNull(),
    /** IP addresses or CIDR blocks the recipient may open it from; null: anywhere. */
    allowedIps: text('allowed_ips').array(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxAccessCount: integer('max_access_count'),
    /** Opens and downloads by the recipient, counted atomically against maxAccessCount. */
    accessCount: integer('access_count').notNull().default(0),
    /** The file is in its owner's trash: the share is hidden and cannot be opened until restored. */
    fileTrashed: boolean('file_trashed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shares_file_email_idx').on(t.fileId, t.sharedWithEmail),
    // Each list's order (newest first, ties by id), so a page is read from the index from its cursor on.
    index('shares_email_order_idx').on(t.sharedWithEmail, t.createdAt.desc(), t.id.desc()),
    index('shares_shared_by_order_idx').on(t.sharedByUserId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** Who the Coffer users are, from auth's events: names for emails, and whose address is confirmed. */
export const people = pgTable(
  'people',
  {
    userId: text('user_id').primaryKey(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
  },
  (t) => [uniqueIndex('people_email_idx').on(t.email)],
);

/** Every open and download of a share by its recipient: when, from where, view or download. Its sharer sees them. */
export const shareAccess = pgTable(
  'share_access',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shareId: uuid('share_id')
      .notNull()
      .references(() => shares.id, { onDelete: 'cascade' }),
    clientIp: text('client_ip'),
    /** inline: a view; attachment: a download. */
    disposition: text('disposition', { enum: ['inline', 'attachment'] }).notNull(),
    accessedAt: timestamp('accessed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('share_access_share_order_idx').on(t.shareId, t.accessedAt.desc(), t.id.desc())],
);

/** Every share email a user caused (a share, or the same share again): how many they may send an hour is limited. */
export const shareSends = pgTable(
  'share_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sharedByUserId: text('shared_by_user_id').notNull(),
    sharedWithEmail: text('shared_with_email').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('share_sends_sharer_time_idx').on(t.sharedByUserId, t.sentAt)],
);

/**
 * A recipient's counted open, waiting to be read, until it expires, from the address that asked: a
 * Download's once, a View's while its player reads (each read keeps it longer, up to a limit from
 * `issuedAt`, and all its reads together never more than its byte budget). Only the ticket's SHA-256 is kept, so the table does not hold working links.
 */
export const shareTickets = pgTable(
  'share_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    shareId: uuid('share_id')
      .notNull()
      .references(() => shares.id, { onDelete: 'cascade' }),
    disposition: text('disposition', { enum: ['inline', 'attachment'] }).notNull(),
    clientIp: text('client_ip'),
    /** A View's: the bytes its player may read in all (viewByteBudget of the file), and how many it was granted so far. */
    byteBudget: bigint('byte_budget', { mode: 'number' }).notNull().default(0),
    bytesRead: bigint('bytes_read', { mode: 'number' }).notNull().default(0),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('share_tickets_expiry_idx').on(t.expiresAt), index('share_tickets_share_idx').on(t.shareId)],
);

/** The links of share emails to addresses nobody had confirmed: opening one proves the reader owns the address. By hash. */
export const addressTokens = pgTable(
  'address_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** Lower case. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('address_tokens_email_idx').on(t.email)],
);

/**
 * The Share button's presses a user made, by the id the dialog gives each: a
 * press sent again (a retry after a timeout or a lost answer) answers with the
 * share the first one made, and sends no second email. Kept a day.
 */
export const shareRequests = pgTable(
  'share_requests',
  {
    userId: text('user_id').notNull(),
    requestId: text('request_id').notNull(),
    /** Set once the share is made (in the same transaction). */
    shareId: uuid('share_id').references(() => shares.id, { onDelete: 'cascade' }),
    /** What was asked (SHA-256 of the file, address and restrictions): the same id with other content is refused. */
    fingerprint: text('fingerprint'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.requestId] }), index('share_requests_time_idx').on(t.createdAt)],
);

export type ShareRow = typeof shares.$inferSelect;
export type ShareAccessRow = typeof shareAccess.$inferSelect;
export type ShareTicketRow = typeof shareTickets.$inferSelect;
export type PersonRow = typeof people.$inferSelect;

/**
 * A link to one file for anyone who has it ("Anyone with the link"). Only the token's SHA-256 is kept;
 * the password's scrypt hash. The file's name, size and type are copied when the link is made.
 */
export const links = pgTable(
  'links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    accountId: text('account_id').notNull(),
    /** The file's, or the folder's (`kind`): a folder link lists it and what is inside it, each file opened on its own. */
    fileId: uuid('file_id').notNull(),
    kind: text('kind', { enum: ['file', 'folder'] })
      .notNull()
      .default('file'),
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type').notNull(),
    createdByUserId: text('created_by_user_id').notNull(),
    passwordHash: text('password_hash'),
    allowedIps: text('allowed_ips').array(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    maxDownloads: integer('max_downloads'),
    /** Views and downloads, counted atomically against maxDownloads. */
    downloadCount: integer('download_count').notNull().default(0),
    /** Opens of the page by people (never by link-preview bots). */
    openCount: integer('open_count').notNull().default(0),
    fileTrashed: boolean('file_trashed').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('links_token_hash_idx').on(t.tokenHash), index('links_file_idx').on(t.fileId), index('links_creator_idx').on(t.createdByUserId)],
);

/** Every open of a link's page, View and Download: when and from where. Its sharer sees them. */
export const linkAccesses = pgTable(
  'link_accesses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    clientIp: text('client_ip'),
    kind: text('kind', { enum: ['open', 'inline', 'attachment'] }).notNull(),
    accessedAt: timestamp('accessed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('link_accesses_link_order_idx').on(t.linkId, t.accessedAt.desc(), t.id.desc())],
);

/** A counted View or Download of a link, waiting to be read once, from the address that asked, until it expires. By hash. */
export const linkTickets = pgTable(
  'link_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    /** A folder link's: the file inside it that was opened. */
    fileId: uuid('file_id'),
    disposition: text('disposition', { enum: ['inline', 'attachment'] }).notNull(),
    clientIp: text('client_ip'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('link_tickets_expiry_idx').on(t.expiresAt)],
);

/** Wrong passwords given for a link: a link takes only so many in a window (against guessing). */
export const linkPasswordFailures = pgTable(
  'link_password_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => links.id, { onDelete: 'cascade' }),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('link_password_failures_link_time_idx').on(t.linkId, t.failedAt)],
);

export type LinkRow = typeof links.$inferSelect;
export type LinkAccessRow = typeof linkAccesses.$inferSelect;

/** Each account's sharing policy (owner and admins); an account without a row has the open one (OPEN_SHARING_POLICY). */
export const sharingPolicies = pgTable('sharing_policies', {
  accountId: text('account_id').primaryKey(),
  linksAllowed: boolean('links_allowed').notNull().default(true),
  passwordRequired: boolean('password_required').notNull().default(false),
  maxExpiryDays: integer('max_expiry_days'),
  /** Lower case; empty: any recipient. */
  allowedEmailDomains: text('allowed_email_domains').array().notNull().default([]),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** File requests: an upload-only link to a folder of its maker's. Its token is kept by hash only. */
export const fileRequests = pgTable(
  'file_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    accountId: text('account_id').notNull(),
    createdByUserId: text('created_by_user_id').notNull(),
    /** "root" (the maker's My files) or a folder's id. */
    folderId: text('folder_id').notNull(),
    folderName: text('folder_name').notNull(),
    title: text('title').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The largest file it takes; null: the plan's largest the requests take. */
    maxBytes: bigint('max_bytes', { mode: 'number' }),
    uploadCount: integer('upload_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('file_requests_token_hash_idx').on(t.tokenHash), index('file_requests_creator_idx').on(t.createdByUserId)],
);

/** A visitor's upload through a request, from its slot until it became a file (or was refused). */
export const fileRequestUploads = pgTable(
  'file_request_uploads',
  {
    uploadId: uuid('upload_id').primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => fileRequests.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    fileId: uuid('file_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_request_uploads_request_idx').on(t.requestId)],
);

export type FileRequestRow = typeof fileRequests.$inferSelect;

/**
 * Uploads started through file requests in the last minute, per request and per client address: the rate
 * limit on the public upload route (each start reserves storage on the maker's account). Rows older than
 * the window are deleted as new ones come.
 */
export const fileRequestUploadStarts = pgTable(
  'file_request_upload_starts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => fileRequests.id, { onDelete: 'cascade' }),
    clientIp: text('client_ip').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_request_upload_starts_request_idx').on(t.requestId, t.startedAt), index('file_request_upload_starts_ip_idx').on(t.clientIp, t.startedAt)],
);
