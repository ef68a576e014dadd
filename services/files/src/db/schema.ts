import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
// outbox and processed_events are @coffer/server-core's (its own migrations): not listed here, so drizzle-kit leaves them alone.

/**
 * Files and folders of every account (the account owns them all); a folder has mime type "folder", size 0
 * and no storage path. An item is either in someone's My files (`userId` set, `teamFolderId` null) or in a
 * team folder's tree (`teamFolderId` set on every row of it, the team folder's own row included; `userId` null).
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Whose My files the item is in; null for an item of a team folder. */
    userId: text('user_id'),
    accountId: text('account_id').notNull(),
    /** Who added it (uploaded the file, created the folder): shown, never used to decide access. */
    addedBy: text('added_by').notNull(),
    /** The team folder whose tree holds the item (a team folder's own row: its id); null in My files. */
    teamFolderId: uuid('team_folder_id'),
    /** A folder inside a team folder that uses its own access list instead of its parent's. */
    restricted: boolean('restricted').notNull().default(false),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    storagePath: text('storage_path'),
    mimeType: text('mime_type').notNull(),
    /** Parent folder id, or "root". */
    folder: text('folder').notNull().default('root'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Last view, download or upload: the order of Recent. */
    lastAccessedAt: timestamp('last_accessed_at', { withTimezone: true }),
    /** The stored object (a `storagePath`) the thumbnail was tried for: equal to `storagePath` once tried (made or not), so a new object gets its own. */
    thumbnailOf: text('thumbnail_of'),
    /** The thumbnail's object, when one was made of `thumbnailOf`; null: none (the card keeps its icon). */
    thumbnailPath: text('thumbnail_path'),
    /** Who uploaded the current bytes, and when, once they replaced earlier ones (null: `addedBy` at `createdAt`). */
    contentAddedBy: text('content_added_by'),
    contentAddedAt: timestamp('content_added_at', { withTimezone: true }),
  },
  (t) => [
    index('files_user_folder_idx').on(t.userId, t.folder, t.deletedAt),
    index('files_account_idx').on(t.accountId),
    // One per order a folder is listed in, so every page of a folder of any size is read from an index.
    index('files_folder_created_idx')
      .on(t.userId, t.folder, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('files_folder_name_idx')
      .on(t.userId, t.folder, sql`lower(${t.name})`, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('files_folder_size_idx')
      .on(t.userId, t.folder, t.size, t.id)
      .where(sql`${t.deletedAt} is null`),
    // The folder pickers: a user's folders by name.
    index('files_folders_name_idx')
      .on(t.userId, sql`lower(${t.name})`, t.id)
      .where(sql`${t.mimeType} = 'folder' and ${t.deletedAt} is null`),
    index('files_trash_idx')
      .on(t.userId, t.deletedAt, t.id)
      .where(sql`${t.deletedAt} is not null`),
    // A team folder's pages, one per order as in My files, led by the folder (its rows have no user).
    index('files_team_created_idx')
      .on(t.folder, t.createdAt, t.id)
      .where(sql`${t.teamFolderId} is not null and ${t.deletedAt} is null`),
    index('files_team_name_idx')
      .on(t.folder, sql`lower(${t.name})`, t.id)
      .where(sql`${t.teamFolderId} is not null and ${t.deletedAt} is null`),
    index('files_team_size_idx')
      .on(t.folder, t.size, t.id)
      .where(sql`${t.teamFolderId} is not null and ${t.deletedAt} is null`),
    // The account's team folders, by name.
    index('files_team_folders_idx')
      .on(t.accountId, sql`lower(${t.name})`, t.id)
      .where(sql`${t.teamFolderId} = ${t.id}`),
    index('files_team_tree_idx').on(t.teamFolderId),
  ],
);

/** The levels of access to a team folder, lowest first: each also allows what the ones before it do. */
export const ACCESS_LEVELS = ['view', 'edit', 'manage'] as const;

/**
 * Who may open a team folder or a restricted folder inside one, and at which level: "everyone" (everyone in
 * the account) or one user's id. No deny rules: a person's level is the highest any entry gives them.
 */
export const folderAccess = pgTable(
  'folder_access',
  {
    folderId: uuid('folder_id').notNull(),
    accountId: text('account_id').notNull(),
    /** "everyone", or a user's id. */
    grantee: text('grantee').notNull(),
    level: text('level', { enum: ACCESS_LEVELS }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.folderId, t.grantee] }), index('folder_access_grantee_idx').on(t.grantee)],
);

/**
 * The bytes each account stores (trash included: it still takes space), kept by triggers on files
 * (see migration 0006) in the same transaction as every insert, delete or move of a file, so the quota
 * checks of an upload read one row, not the sum of every file the account has.
 */
export const accountStorage = pgTable('account_storage', {
  accountId: text('account_id').primaryKey(),
  storedBytes: bigint('stored_bytes', { mode: 'number' }).notNull().default(0),
});

/** Upload slots handed out but not yet confirmed; their size counts against the quota until then. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull(),
    accountId: text('account_id').notNull(),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    folder: text('folder').notNull(),
    declaredSize: bigint('declared_size', { mode: 'number' }).notNull(),
    storagePath: text('storage_path').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A multipart upload's id in the store (null: one presigned PUT). */
    multipartId: text('multipart_id'),
    partSize: integer('part_size'),
    /** The file's last-modified time (ms) as the browser gave it: how it knows the file again to resume. */
    lastModified: bigint('last_modified', { mode: 'number' }),
    /** A file of the same name in the folder is replaced (its bytes kept as a version) instead of kept beside it as "Name (1).ext". */
    replace: boolean('replace').notNull().default(false),
  },
  (t) => [index('uploads_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Upload slots confirmed lately, and the file each became: a confirmation repeated by the same user (its
 * reply was lost, say the service crashed after committing) is answered with that file, until `expiresAt`.
 * A refused upload has none: its retry finds nothing.
 */
export const confirmedUploads = pgTable(
  'confirmed_uploads',
  {
    uploadId: uuid('upload_id').primaryKey(),
    userId: text('user_id').notNull(),
    fileId: uuid('file_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('confirmed_uploads_expires_idx').on(t.expiresAt)],
);

/**
 * A file's earlier bytes, kept when an upload replaced them or a version was restored over them: who uploaded them
 * and when (`addedBy`, `addedAt`), and since when they are a version (`createdAt`: the plan's retention counts from
 * it). They count toward the account's storage (the same triggers as files, migration 0009) and go with the file:
 * trashed and restored with it, deleted with it for good.
 */
export const fileVersions = pgTable(
  'file_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    storagePath: text('storage_path').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type').notNull(),
    addedBy: text('added_by').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_versions_file_idx').on(t.fileId, t.createdAt), index('file_versions_created_idx').on(t.createdAt)],
);

export type FileRow = typeof files.$inferSelect;
export type FileVersionRow = typeof fileVersions.$inferSelect;
export type FolderAccessRow = typeof folderAccess.$inferSelect;
