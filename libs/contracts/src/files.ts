import { z } from 'zod';
import { message } from './messages.js';
import { isoDateTime, nameText, okReplySchema, text } from './text.js';

/** Request/reply subjects of the files service. */
export const FilesSubject = {
  ListFiles: 'files.file.list',
  GetFolder: 'files.folder.get',
  ListFolders: 'files.folder.list',
  CreateFolder: 'files.folder.create',
  /** Makes sure paths of folders exist under a folder (a folder upload): each name reused where a folder has it, made where not. */
  EnsureFolderPaths: 'files.folder.ensure-paths',
  CreateUpload: 'files.upload.create',
  CompleteUpload: 'files.upload.complete',
  /** The caller's unfinished multipart uploads, with the parts already stored (to resume after a reload). */
  ListUploads: 'files.upload.list',
  /** Presigned URLs for some parts of a multipart upload. */
  UploadParts: 'files.upload.parts',
  /** Drops an unfinished upload: nothing of it is kept. */
  CancelUpload: 'files.upload.cancel',
  /** Moves a file, or a folder with everything in it, to another folder. */
  MoveFile: 'files.file.move',
  /** Renames a file or a folder in its folder. */
  RenameFile: 'files.file.rename',
  TrashFile: 'files.file.trash',
  RestoreFile: 'files.file.restore',
  DeleteFile: 'files.file.delete',
  EmptyTrash: 'files.trash.empty',
  FileLink: 'files.file.link',
  /** One active file the caller may share (Can edit where it is): sharing asks it before a share or link is made. */
  GetFile: 'files.file.get',
  /** One active file or folder the caller may share (Can edit where it is): sharing asks it before a share is made. */
  GetItem: 'files.item.get',
  /** A folder of a folder link, or a folder inside it, as the public page lists it (sharing asks as the link's maker: it decided the link). */
  LinkedFolder: 'files.linked.folder',
  /** The folder a file request sends files into ("root": My files): the caller may add to it (Can edit); answers its name. */
  GetUploadFolder: 'files.folder.upload-target',
  StorageUsage: 'files.storage.usage',
  /** The account's team folders the caller can open, each with the caller's level there. */
  ListTeamFolders: 'files.team-folder.list',
  CreateTeamFolder: 'files.team-folder.create',
  DeleteTeamFolder: 'files.team-folder.delete',
  /** The access list of a team folder or of a folder inside one (its own, or the one it inherits). */
  GetFolderAccess: 'files.access.get',
  SetFolderAccess: 'files.access.set',
  /** Everyone who can open an item, and why. */
  WhoHasAccess: 'files.access.who',
  /** Owners and admins: the bytes in each person's My files (trash included), for Settings → Storage. */
  StorageByMember: 'files.storage.members',
  /** A file's thumbnail (an image's, or a PDF's first page, made after its upload), for whoever may view the file. */
  FileThumbnail: 'files.file.thumbnail',
  /** A file's versions: its current bytes and the earlier ones kept (Can view). */
  ListVersions: 'files.version.list',
  /** A signed link to view or download one earlier version of a file (Can view). */
  VersionLink: 'files.version.link',
  /** An earlier version becomes the file's bytes again; the current ones become a version (Can edit). */
  RestoreVersion: 'files.version.restore',
  /**
   * A download address for a selection as one zip: the items the caller may view (at least one, else 403), signed
   * for them, good once for ZIP_TICKET_SECONDS. Sharing asks it as a folder link's maker (`linkFolder`) for its Download all.
   */
  ZipTicket: 'files.zip.ticket',
  /** Redeems a zip download address (the gateway, with the selection the browser sends): the walk the gateway streams, once. */
  OpenZip: 'files.zip.open',
  /** One page of a zip's entries: the selection's items (no `folderId`), or what a folder in it holds, checked again; files with a URL the gateway reads. */
  ZipEntries: 'files.zip.entries',
} as const;

/** Events published by the files service. */
export const FilesEvent = {
  FolderCreated: 'events.files.folder.created',
  FileUploaded: 'events.files.file.uploaded',
  FileMoved: 'events.files.file.moved',
  /** A file's or folder's name changed: renamed, or moved next to one of the same name. */
  FileRenamed: 'events.files.file.renamed',
  FileTrashed: 'events.files.file.trashed',
  FileRestored: 'events.files.file.restored',
  FileDeleted: 'events.files.file.deleted',
  /** Someone downloaded a selection (or a folder) as one zip. */
  ItemsZipped: 'events.files.items.zipped',
  /** A selection was moved, trashed, restored or deleted forever in one request: its one line in the audit and activity logs. */
  SelectionChanged: 'events.files.items.changed',
  /** Its owner downloaded a file (a download link was issued to them, never for a share's recipient). */
  FileDownloaded: 'events.files.file.downloaded',
  /** A file's thumbnail was made (after its upload, in the background): its cards show it. */
  ThumbnailMade: 'events.files.file.thumbnail',
  /** An upload replaced a file's bytes (same file, same id); the earlier bytes are kept as a version. */
  FileReplaced: 'events.files.file.replaced',
  /** An earlier version became a file's bytes again; the bytes it had are kept as a version. */
  FileVersionRestored: 'events.files.file.version-restored',
} as const;

/** The four folders every new account's root holds, in display order. */
export const DEFAULT_FOLDER_NAMES = ['Documents', 'Images', 'Projects', 'Invoices'] as const;
export const ROOT_FOLDER = 'root';
export const FOLDER_MIME_TYPE = 'folder';

/** A plan's largest file as the spec writes it: "50MB", "10GB". */
export function formatFileLimit(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  return Number.isInteger(gb) ? `${gb}GB` : `${Math.round(bytes / 1024 ** 2)}MB`;
}

/** A file over the plan's largest file (its limit in the words of the upload dialog's hint). */
export const fileTooLarge = (maxFileBytes: number) => `This file is larger than ${formatFileLimit(maxFileBytes)}, the largest file your plan accepts.`;
/**
 * The types a browser may open inline: they cannot run scripts in Coffer's
 * name. Anything else (HTML, SVG, …) is always downloaded, whatever is asked.
 */
export const INLINE_SAFE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
  'text/plain',
  'video/mp4',
  'video/webm',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
] as const;
export const isInlineSafe = (mimeType: string) => (INLINE_SAFE_TYPES as readonly string[]).includes(mimeType.toLowerCase().split(';')[0].trim());

/** A new folder whose name another folder there already has (any case): two folders never look the same. */
export const folderExists = (name: string) => `A folder named "${name}" already exists here. Choose another name.`;
/** A file renamed to the name of another file there (any case). */
export const fileExists = (name: string) => `A file named "${name}" already exists here. Choose another name.`;
/** A folder moved into itself or into a folder inside it. */
export const FOLDER_INTO_ITSELF = 'A folder cannot be moved into itself or into a folder inside it.';
/** A team folder is at the top of the Files root for everyone it is open to: it is renamed or deleted, never moved. */
export const TEAM_FOLDER_STAYS = 'A team folder cannot be moved. Rename it, or move what is in it.';
/** A restricted folder's own access list guards it: it never leaves its team folder, alone or inside another folder. */
export const RESTRICTED_FOLDER_STAYS = 'This folder holds a restricted folder, which stays in its team folder. Move what you need out of it instead.';

/** Spec §9: how long a signed view or download link works. */
export const SIGNED_URL_SECONDS = 3600;
/** Spec §2: trashed items are kept this long, then purged. */
export const TRASH_RETENTION_DAYS = 30;

export const SORT_ORDERS = ['newest', 'oldest', 'name-asc', 'name-desc', 'size-asc', 'size-desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Which list the browser shows: a folder, the trash, recent files, or search results. */
export const FILE_VIEWS = ['folder', 'trash', 'recent', 'search'] as const;
export type FileView = (typeof FILE_VIEWS)[number];

/** A row of the file browser: a file or a folder (mimeType "folder"). */
export const fileItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.number().int().min(0),
  mimeType: z.string(),
  folderId: z.string().describe('"root" or the id of the folder that holds it'),
  isFolder: z.boolean(),
  /** Folders only: how many active files and folders they hold directly. */
  fileCount: z.number().int().optional(),
  folderCount: z.number().int().optional(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
  deletedAt: isoDateTime().nullable(),
  lastAccessedAt: isoDateTime().nullable(),
  /** The team folder whose tree holds the item (a team folder: its own id); null in My files. */
  teamFolderId: z.uuid().nullable().optional(),
  /** Who added it (a user id). */
  addedBy: z.string().optional(),
  /** A folder inside a team folder with its own access list. */
  restricted: z.boolean().optional(),
  /** Search results: the path of the folder the item is in ("Projects / 2026"; "My files" or "Team folders" at the root). */
  folderPath: z.string().optional(),
  /** The file has a thumbnail of its stored bytes: GET /files/{id}/thumbnail?v={thumbnail} (the value changes with the bytes). */
  thumbnail: z.string().optional(),
});
export type FileItem = z.output<typeof fileItemSchema>;

/** A folder reference: "root" or a folder's id; `field` names it in the message. */
export const folderRef = (field: string) => {
  const error = `${field} must be "${ROOT_FOLDER}" or a folder id`;
  return z.union([z.literal(ROOT_FOLDER), z.uuid({ error })], { error });
};

/** The most items one page of a list holds. */
export const FILES_PAGE_MAX = 1000;
/** The list changed under a reader: the item their next page starts after is gone for good. */
export const LIST_CHANGED = 'This list changed while you were reading it. Reload to see it again.';

export const listFilesRequestSchema = z.object({
  folder: folderRef('folder').default(ROOT_FOLDER),
  sort: z.enum(SORT_ORDERS, { error: `sort must be one of ${SORT_ORDERS.join(', ')}` }).default('newest'),
  view: z.enum(FILE_VIEWS, { error: `view must be one of ${FILE_VIEWS.join(', ')}` }).default('folder'),
  q: text().trim().max(200, 'Search text can be at most 200 characters').optional(),
  /** A page: at most `limit` items, after the item `after` (the `next` of the page before) in this order. */
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${FILES_PAGE_MAX}` })
    .int()
    .min(1)
    .max(FILES_PAGE_MAX)
    .default(FILES_PAGE_MAX),
  after: z.uuid({ error: 'after must be the next of the page before' }).optional(),
});
export type ListFilesRequest = z.input<typeof listFilesRequestSchema>;
export const listFilesReplySchema = z.object({
  items: z.array(fileItemSchema),
  /** Where the next page starts (its `after`); null on the last page. Every item of a list is on some page. */
  next: z.uuid().nullable(),
  /** How many items the whole list holds (folder, trash and search). */
  total: z.number().int().min(0),
});
export type ListFilesReply = z.output<typeof listFilesReplySchema>;

export const folderIdSchema = z.object({ folderId: z.uuid({ error: 'Folder not found' }) });

/** A folder a picker offers: its name, parent, and path from the root ("Projects / 2026 / Q1"). */
export const folderSummarySchema = z.object({ id: z.uuid(), name: z.string(), parentId: z.string(), path: z.string() });
export type FolderSummary = z.output<typeof folderSummarySchema>;
/** The most folders one answer of a picker's search holds. */
export const FOLDER_CHOICES_MAX = 500;
export const listFoldersRequestSchema = z.object({
  /** Only folders whose name contains this (any case). */
  q: text().trim().max(200, 'Search text can be at most 200 characters').optional(),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${FOLDER_CHOICES_MAX}` })
    .int()
    .min(1)
    .max(FOLDER_CHOICES_MAX)
    .default(100),
  /** Leaves out this folder and every folder inside it: the choices for moving it. */
  excluding: z.uuid({ error: 'excluding must be a folder id' }).optional(),
});
export type ListFoldersRequest = z.input<typeof listFoldersRequestSchema>;
/** The first `limit` matches by name, and how many there are in all (a picker asks to narrow the rest down). */
export const listFoldersReplySchema = z.object({ items: z.array(folderSummarySchema), total: z.number().int().min(0) });
export type ListFoldersReply = z.output<typeof listFoldersReplySchema>;

/** Levels of access to a team folder, lowest first: each allows what the ones before it do (PRODUCT-DECISIONS.md "Team folders"). */
export const ACCESS_LEVELS = ['view', 'edit', 'manage'] as const;

/**
 * A folder and the path to it from the root, for breadcrumbs, with the caller's level there: manage in their
 * My files; in a team folder, what the nearest access list (a restricted folder's, or the team folder's) gives them.
 */
export const folderPathSchema = z.object({
  folder: fileItemSchema,
  path: z.array(z.object({ id: z.uuid(), name: z.string() })),
  level: z.enum(ACCESS_LEVELS),
  /** In a folder shared with the caller by another account (the path starts at the shared folder): what the share lets them do. */
  sharedLevel: z.enum(['view', 'edit']).optional(),
  /** In a folder shared with the caller: the largest file the sharer's plan takes (an upload there counts against the sharer's account). */
  sharerMaxFileBytes: z.number().int().min(0).optional(),
});
export type FolderPath = z.output<typeof folderPathSchema>;

const itemName = (message: string) => nameText(message).trim().min(1, message).max(255, 'Names can be at most 255 characters');
export const createFolderSchema = z.object({ name: itemName('Please enter a folder name'), parentId: folderRef('parentId').default(ROOT_FOLDER) });
export type CreateFolderInput = z.input<typeof createFolderSchema>;

/** The most folder paths one request ensures, and the most folders deep one path goes. */
export const FOLDER_PATHS_MAX = 1000;
export const FOLDER_PATH_DEPTH_MAX = 64;
export const ensureFolderPathsSchema = z.object({
  parentId: folderRef('parentId').default(ROOT_FOLDER),
  /** Each path a list of folder names from `parentId` down ("Reports", "2026"). */
  paths: z
    .array(
      z
        .array(itemName('Please enter a folder name').refine((name) => !name.includes('/'), 'Folder names cannot contain "/"'))
        .min(1, 'A path needs at least one folder')
        .max(FOLDER_PATH_DEPTH_MAX, `A path can be at most ${FOLDER_PATH_DEPTH_MAX} folders deep`),
    )
    .min(1, 'Choose at least one folder')
    .max(FOLDER_PATHS_MAX, `At most ${FOLDER_PATHS_MAX} folder paths at once`),
});
export type EnsureFolderPathsInput = z.input<typeof ensureFolderPathsSchema>;
/** The id of the last folder of each path, in the order asked. */
export const ensureFolderPathsReplySchema = z.object({ folderIds: z.array(z.uuid()) });
export type EnsureFolderPathsReply = z.output<typeof ensureFolderPathsReplySchema>;
/** What an upload does to a file of the same name in its folder. */
export const ON_EXISTING = ['replace', 'keep-both'] as const;
export type OnExisting = (typeof ON_EXISTING)[number];

export const createUploadSchema = z.object({
  name: itemName('Please choose a file'),
  size: z.number({ error: 'File size is required' }).int('File size is required').min(0, 'File size is required').max(Number.MAX_SAFE_INTEGER),
  mimeType: text().trim().max(255).default('application/octet-stream'),
  folderId: folderRef('folderId').default(ROOT_FOLDER),
  /** The file's last-modified time (ms): with its name and size, how a browser knows the same file again to resume. */
  lastModified: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  /**
   * When a file of the same name is in the folder: "replace" makes this upload its new bytes (same file, the earlier
   * bytes kept as a version); "keep-both" (the default) keeps it beside it as "Name (1).ext".
   */
  onExisting: z.enum(ON_EXISTING, { error: `onExisting must be one of ${ON_EXISTING.join(', ')}` }).default('keep-both'),
});
export type CreateUploadInput = z.input<typeof createUploadSchema>;
/** Where the browser PUTs the bytes: straight to S3, within the size it declared. */
export const uploadSlotSchema = z.object({
  uploadId: z.uuid(),
  url: z.url(),
  headers: z.record(z.string(), z.string()),
  expiresAt: isoDateTime(),
});
export type UploadSlot = z.output<typeof uploadSlotSchema>;
export const uploadIdSchema = z.object({ uploadId: z.uuid({ error: 'Upload not found' }) });

const MB = 1024 ** 2;
/** Files larger than this go as multipart uploads: parts sent in parallel, each retried, resumable after a reload. */
export const MULTIPART_THRESHOLD_BYTES = 16 * MB;
/** S3 takes at most 10,000 parts of an upload. */
export const MAX_PARTS = 10_000;
/** A part's size for a file of `size` bytes: 8 MB, or more for a file that would need over 10,000 parts. */
export const partSizeFor = (size: number) => Math.max(8 * MB, Math.ceil(size / MAX_PARTS / MB) * MB);
/** The bytes of part `partNumber` (from 1) of a file in parts of `partSize`: the last one takes the rest. */
export const partBytes = (size: number, partSize: number, partNumber: number) => Math.max(0, Math.min(partSize, size - (partNumber - 1) * partSize));

/** Where to PUT one part of a multipart upload, and its exact size. */
const partUrlSchema = z.object({ partNumber: z.number().int(), size: z.number().int(), url: z.url() });

/** An unfinished multipart upload: the browser sends its parts, then completes it. */
export const multipartUploadSchema = z.object({
  uploadId: z.uuid(),
  name: z.string(),
  size: z.number().int().min(0),
  mimeType: z.string(),
  folderId: z.string(),
  lastModified: z.number().int().nullable(),
  partSize: z.number().int().min(1),
  partCount: z.number().int().min(1).max(MAX_PARTS),
  /** The parts the store holds whole already: a resumed upload sends only the others. */
  uploadedParts: z.array(z.number().int().min(1)),
  expiresAt: isoDateTime(),
  /** A new upload's first parts (up to PART_URLS_PER_REQUEST) with their presigned URLs, so they go at once. */
  parts: z.array(partUrlSchema).optional(),
});
export type MultipartUpload = z.output<typeof multipartUploadSchema>;
/** What asking to upload a file gives: one presigned PUT, or (over MULTIPART_THRESHOLD_BYTES) a multipart upload. */
export const newUploadSchema = z.union([uploadSlotSchema, multipartUploadSchema]);
export type NewUpload = z.output<typeof newUploadSchema>;
export const isMultipartUpload = (upload: NewUpload): upload is MultipartUpload => 'partCount' in upload;
export const listUploadsReplySchema = z.object({ items: z.array(multipartUploadSchema) });
export type ListUploadsReply = z.output<typeof listUploadsReplySchema>;
/** At most this many part URLs per request. */
export const PART_URLS_PER_REQUEST = 100;
export const uploadPartsRequestSchema = z.object({
  partNumbers: z
    .array(z.number().int().min(1, 'No such part').max(MAX_PARTS, 'No such part'))
    .min(1, 'Ask for at least one part')
    .max(PART_URLS_PER_REQUEST, `Ask for at most ${PART_URLS_PER_REQUEST} parts at once`),
});
export const uploadPartsReplySchema = z.object({
  parts: z.array(partUrlSchema),
  expiresAt: isoDateTime(),
});
export type UploadPartsReply = z.output<typeof uploadPartsReplySchema>;

export const fileIdSchema = z.object({ fileId: z.uuid({ error: 'File not found' }) });
export const moveFileSchema = z.object({ folderId: folderRef('folderId') });
export const renameFileSchema = z.object({ name: itemName('Please enter a name') });
export type RenameFileInput = z.input<typeof renameFileSchema>;
export const linkDispositionSchema = z.object({
  disposition: z.enum(['inline', 'attachment'], { error: 'disposition must be inline or attachment' }).default('inline'),
});
export const fileLinkSchema = z.object({ url: z.url(), expiresAt: isoDateTime() });
/** The most items one page of a folder link's folder lists (by name, folders first); `next` reads the page after. */
export const LINKED_FOLDER_ITEMS = 500;
/** One folder of a folder link as its public page shows it: the path from the link's folder, and what it holds (files and folders, by name). */
export const linkedFolderSchema = z.object({
  path: z.array(z.object({ id: z.uuid(), name: z.string() })),
  items: z.array(z.object({ id: z.uuid(), name: z.string(), size: z.number().int().min(0), mimeType: z.string(), isFolder: z.boolean() })),
  /** How many it holds in all (more than the items listed when over LINKED_FOLDER_ITEMS). */
  total: z.number().int().min(0),
  /** The id to ask `after` for the next page, or null on the last. */
  next: z.string().nullable(),
});
export type LinkedFolder = z.output<typeof linkedFolderSchema>;

/** The most items one zip download names (a folder counts as one, whatever it holds). */
export const ZIP_MAX_ITEMS = 1000;
/** How long a zip download address works, and only once. */
export const ZIP_TICKET_SECONDS = 60;
/** The most entries one page of a zip's walk carries (each file with a URL the gateway reads). */
export const ZIP_PAGE_ENTRIES = 500;
/** Where the browser sends a selection for its zip (a form POST of `items`, so a selection of any size fits). */
export const ZIP_DOWNLOADS_PATH = '/api/downloads/';
const zipItemIds = z
  .array(z.uuid({ error: 'File not found' }))
  .min(1, { error: 'Choose at least one item to download' })
  .max(ZIP_MAX_ITEMS, { error: `At most ${ZIP_MAX_ITEMS} items can be downloaded as one zip` });
/** A selection to download as one zip. */
export const zipDownloadRequestSchema = z.object({ items: zipItemIds });
/** The address the browser sends the selection to (as a form, field `items`), good once for ZIP_TICKET_SECONDS. */
export const zipDownloadSchema = z.object({ url: z.string(), expiresAt: isoDateTime() });
export type ZipDownload = z.output<typeof zipDownloadSchema>;
/** A zip download address's ticket, as it travels in the path. */
export const zipTicketSchema = z.string({ error: 'This download link has expired' }).regex(/^[A-Za-z0-9_-]{20,600}\.[A-Za-z0-9_-]{43}$/, {
  error: 'This download link has expired',
});
export const zipTicketParamsSchema = z.object({ ticket: zipTicketSchema });
/** The selection the browser posts to its download address: the item ids, comma-separated (a form field). */
export const zipFormSchema = z.object({
  items: z
    .string({ error: 'Choose at least one item to download' })
    .max(ZIP_MAX_ITEMS * 37)
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(zipItemIds),
});
/** One entry of a zip: a folder, or a file with the URL its bytes are read from (server side only). */
export const zipEntrySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  isFolder: z.boolean(),
  size: z.number().int().min(0),
  modifiedAt: isoDateTime(),
  url: z.string().optional(),
});
export type ZipEntry = z.output<typeof zipEntrySchema>;
export const zipEntriesSchema = z.object({ entries: z.array(zipEntrySchema), next: z.string().nullable() });
export type ZipEntries = z.output<typeof zipEntriesSchema>;
export type FileLink = z.output<typeof fileLinkSchema>;

export const storageUsageSchema = z.object({ usedBytes: z.number().int().min(0), limitBytes: z.number().int().min(0) });
export type StorageUsage = z.output<typeof storageUsageSchema>;
/**
 * The bytes each person of the account keeps in their My files, largest first (people who keep nothing may be
 * absent), and what each team folder holds, largest first (every team folder, trash included).
 */
export const memberStorageSchema = z.object({
  items: z.array(z.object({ userId: z.string(), bytes: z.number().int().min(0) })),
  teamFolders: z.array(z.object({ id: z.uuid(), name: z.string(), bytes: z.number().int().min(0) })),
});
export type MemberStorage = z.output<typeof memberStorageSchema>;
export const MEMBER_STORAGE_REFUSED = "Only the account owner and admins can see each member's storage.";

export const emptyTrashReplySchema = z.object({ deleted: z.number().int().min(0) });

export type AccessLevel = (typeof ACCESS_LEVELS)[number];
/** What a person may do to an item: open it (view), change what is in it (edit), change who has access (manage). */
export type ItemAction = AccessLevel;
export const ACCESS_LEVEL_LABELS: Record<AccessLevel, string> = { view: 'Can view', edit: 'Can edit', manage: 'Can manage' };
/** The grantee of an entry that gives everyone in the account access. */
export const EVERYONE = 'everyone';
export const everyoneAt = (company: string) => `Everyone at ${company || 'your company'}`;

/** Refusals of the access decision (403). */
export const NO_FOLDER_ACCESS = "You don't have access to this folder.";
export const VIEW_ONLY = 'You can only view this folder. Ask someone who manages it for Can edit.';
/** A folder shared with the person Can view, asked to add to it. */
export const SHARED_VIEW_ONLY = 'You can only view this shared folder. Ask the person who shared it for Can edit.';
export const MANAGE_ONLY = 'Only people who can manage this folder can change its access.';
export const NOT_IN_TEAM_FOLDER = 'Access can only be set on a team folder or a folder inside one.';
export const TEAM_FOLDER_NOT_EMPTY = 'Cannot delete a team folder with contents. Please empty it first.';
export const teamFolderExists = (name: string) => `A team folder named "${name}" already exists. Choose another name.`;

const accessLevelSchema = z.enum(ACCESS_LEVELS, { error: `level must be one of ${ACCESS_LEVELS.join(', ')}` });
/** One entry of an access list: everyone in the account, or one member. */
export const accessEntrySchema = z.object({
  grantee: z.union([z.literal(EVERYONE), z.uuid()], { error: `grantee must be "${EVERYONE}" or a member's id` }),
  level: accessLevelSchema,
});
export type AccessEntry = z.output<typeof accessEntrySchema>;
/** The most entries one access list holds. */
export const ACCESS_ENTRIES_MAX = 500;

/** A team folder as the Files root lists it: the folder, and what the caller may do there. */
export const teamFolderSchema = fileItemSchema.extend({ level: accessLevelSchema });
export type TeamFolder = z.output<typeof teamFolderSchema>;
export const listTeamFoldersReplySchema = z.object({
  items: z.array(teamFolderSchema),
  /** The caller may create team folders (the account's owner and admins). */
  canCreate: z.boolean(),
});
export type ListTeamFoldersReply = z.output<typeof listTeamFoldersReplySchema>;
export const teamFolderNameSchema = z.object({ name: itemName('Please enter a folder name') });

/** A folder's access list: its own (a team folder, a restricted folder) or the one it inherits from `from`. */
export const folderAccessSchema = z.object({
  folderId: z.uuid(),
  /** The team folder, or the restricted folder, whose list applies here. */
  from: z.object({ id: z.uuid(), name: z.string() }),
  /** This folder has its own list (a team folder always has). */
  own: z.boolean(),
  entries: z.array(accessEntrySchema),
  /** The plan lets the account choose members and levels (hasPermissions); without it every team folder is open to everyone at Can edit. */
  permissionsAvailable: z.boolean(),
});
export type FolderAccess = z.output<typeof folderAccessSchema>;
/**
 * A new access list for a folder. On a team folder: its list. On a folder inside one: `own` true makes it a
 * restricted folder with these entries; false drops its list, so it inherits its parent's again.
 */
export const setFolderAccessSchema = z.object({
  own: z.boolean().default(true),
  entries: z.array(accessEntrySchema).max(ACCESS_ENTRIES_MAX, `At most ${ACCESS_ENTRIES_MAX} entries`),
});
export type SetFolderAccessInput = z.input<typeof setFolderAccessSchema>;

/** Why a person can open an item: an entry of a team folder's or a restricted folder's list, their role, or their own My files. */
export const accessGrantSchema = z.object({
  /** "everyone", a user's id, or the roles "owner" and "admin" (who manage every team folder). */
  grantee: z.string(),
  kind: z.enum(['everyone', 'member', 'role', 'my-files']),
  level: accessLevelSchema,
  /** The folder whose list gives it (absent for a role or My files). */
  via: z.object({ id: z.uuid(), name: z.string(), kind: z.enum(['team-folder', 'restricted-folder']) }).optional(),
});
export type AccessGrant = z.output<typeof accessGrantSchema>;
export const whoHasAccessSchema = z.object({
  itemId: z.uuid(),
  grants: z.array(accessGrantSchema),
  /** The caller may change the list that gives these grants (Can manage an item of a team folder): PUT /folders/{via.id}/access. */
  canManage: z.boolean(),
});
export type WhoHasAccess = z.output<typeof whoHasAccessSchema>;

/** One version of a file: its current bytes (`current`, id the file's) or earlier ones kept, who uploaded them and when. */
export const fileVersionSchema = z.object({
  id: z.uuid(),
  size: z.number().int().min(0),
  mimeType: z.string(),
  /** Who uploaded these bytes (a user id). */
  addedBy: z.string(),
  /** When these bytes were uploaded. */
  addedAt: isoDateTime(),
  current: z.boolean(),
  /** An earlier version: when it stops being kept (its plan's retention, counted from when it stopped being current). */
  keptUntil: isoDateTime().nullable(),
});
export type FileVersion = z.output<typeof fileVersionSchema>;
/** A file's versions, the current one first, then the earlier ones newest first; whether the caller may restore one (Can edit). */
export const fileVersionsSchema = z.object({
  fileId: z.uuid(),
  name: z.string(),
  items: z.array(fileVersionSchema),
  canRestore: z.boolean(),
});
export type FileVersions = z.output<typeof fileVersionsSchema>;
export const versionIdSchema = z.object({ versionId: z.uuid({ error: 'Version not found' }) });
export const VERSION_NOT_FOUND = 'Version not found';

const noPayload = z.object({});

/** The largest side of a thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 256;
/** A thumbnail's bytes (base64: a few KB over NATS) and type. */
export const fileThumbnailSchema = z.object({ data: z.string(), mimeType: z.string() });
export type FileThumbnail = z.output<typeof fileThumbnailSchema>;
/** GET /files/{id}/thumbnail's query: the version a list gave (only there to tell versions apart in the browser's cache). */
export const thumbnailQuerySchema = z.object({ v: z.string().max(64).optional().describe("the file's thumbnail version from a list") });

/** Every request the files service answers: its payload and its reply. */
export const filesRequests = {
  [FilesSubject.ListFiles]: message(listFilesRequestSchema, listFilesReplySchema),
  [FilesSubject.ListFolders]: message(listFoldersRequestSchema, listFoldersReplySchema),
  [FilesSubject.GetFolder]: message(folderIdSchema, folderPathSchema),
  [FilesSubject.GetUploadFolder]: message(z.object({ folderId: folderRef('folderId') }), z.object({ id: z.string(), name: z.string() })),
  [FilesSubject.CreateFolder]: message(createFolderSchema, fileItemSchema),
  [FilesSubject.EnsureFolderPaths]: message(ensureFolderPathsSchema, ensureFolderPathsReplySchema),
  [FilesSubject.CreateUpload]: message(createUploadSchema, newUploadSchema),
  [FilesSubject.CompleteUpload]: message(uploadIdSchema, fileItemSchema),
  [FilesSubject.ListUploads]: message(noPayload, listUploadsReplySchema),
  [FilesSubject.UploadParts]: message(uploadIdSchema.extend(uploadPartsRequestSchema.shape), uploadPartsReplySchema),
  [FilesSubject.CancelUpload]: message(uploadIdSchema, okReplySchema),
  [FilesSubject.MoveFile]: message(fileIdSchema.extend(moveFileSchema.shape), fileItemSchema),
  [FilesSubject.RenameFile]: message(fileIdSchema.extend(renameFileSchema.shape), fileItemSchema),
  [FilesSubject.TrashFile]: message(fileIdSchema, fileItemSchema),
  [FilesSubject.RestoreFile]: message(fileIdSchema, fileItemSchema),
  [FilesSubject.DeleteFile]: message(fileIdSchema, okReplySchema),
  [FilesSubject.EmptyTrash]: message(noPayload, emptyTrashReplySchema),
  // viaShare: the sharing service asks for a recipient's open (not the owner's own view or download).
  // within: a folder link's folder, which must hold the file.
  [FilesSubject.FileLink]: message(
    fileIdSchema.extend(linkDispositionSchema.shape).extend({ viaShare: z.boolean().optional(), within: z.uuid().optional() }),
    fileLinkSchema,
  ),
  [FilesSubject.LinkedFolder]: message(z.object({ folderId: z.uuid(), within: z.uuid().optional(), after: z.uuid().optional() }), linkedFolderSchema),
  [FilesSubject.GetFile]: message(fileIdSchema, fileItemSchema),
  [FilesSubject.GetItem]: message(fileIdSchema, fileItemSchema),
  [FilesSubject.StorageUsage]: message(noPayload, storageUsageSchema),
  [FilesSubject.ListTeamFolders]: message(noPayload, listTeamFoldersReplySchema),
  [FilesSubject.CreateTeamFolder]: message(teamFolderNameSchema, teamFolderSchema),
  [FilesSubject.DeleteTeamFolder]: message(folderIdSchema, okReplySchema),
  [FilesSubject.GetFolderAccess]: message(folderIdSchema, folderAccessSchema),
  [FilesSubject.SetFolderAccess]: message(folderIdSchema.extend(setFolderAccessSchema.shape), folderAccessSchema),
  [FilesSubject.WhoHasAccess]: message(fileIdSchema, whoHasAccessSchema),
  [FilesSubject.StorageByMember]: message(noPayload, memberStorageSchema),
  [FilesSubject.FileThumbnail]: message(fileIdSchema, fileThumbnailSchema),
  [FilesSubject.ListVersions]: message(fileIdSchema, fileVersionsSchema),
  [FilesSubject.VersionLink]: message(fileIdSchema.extend(versionIdSchema.shape).extend(linkDispositionSchema.shape), fileLinkSchema),
  [FilesSubject.RestoreVersion]: message(fileIdSchema.extend(versionIdSchema.shape), fileItemSchema),
  [FilesSubject.ZipTicket]: message(
    zipDownloadRequestSchema.extend({ linkFolder: z.uuid().optional() }),
    z.object({ ticket: zipTicketSchema, expiresAt: isoDateTime() }),
  ),
  // walk: what OpenZip answered (never leaves the server); name: the zip's file name.
  [FilesSubject.OpenZip]: message(z.object({ ticket: zipTicketSchema, items: zipItemIds }), z.object({ walk: z.string(), name: z.string() })),
  [FilesSubject.ZipEntries]: message(
    z.object({ walk: z.string().max(100_000), folderId: z.uuid().optional(), after: z.string().max(64).optional() }),
    zipEntriesSchema,
  ),
};

/** What every files event says: the item as it is after the change, and whose it is. */
export interface FileChange {
  item: FileItem;
  /** Whose My files it is in (for an item of a team folder: who changed it). */
  userId: string;
  /** An item of a team folder: everyone who can open it hears the change (`everyone`: the whole account). */
  audience?: TeamAudience;
  /** Changed with a whole selection: open lists and shares follow the item, the logs keep the selection's one line (SelectionChanged). */
  inSelection?: true;
}
/** Who hears a change inside a team folder: these users, the account's owners and admins, and with `everyone` the whole account. */
export interface TeamAudience {
  everyone: boolean;
  userIds: string[];
}
/** A folder was created. */
export type FolderCreated = FileChange;
/** A file's bytes arrived and passed the size and quota checks. */
export type FileUploaded = FileChange;
/** A file, or a folder with everything in it, moved to another folder. */
export type FileMoved = FileChange & { fromFolderId: string };
/** An item's name changed (renamed, or moved next to an item of the same name): `item.name` is the new one. */
export type FileRenamed = FileChange & { previousName: string };
/** A file or an empty folder went to the trash. */
export type FileTrashed = FileChange;
/** An item came back from the trash (into the root when its folder is gone). */
export type FileRestored = FileChange;
/** An item was deleted for good: its row and its bytes are gone. */
export type FileDeleted = FileChange;

/** The owner downloaded one of their files. */
export type FileDownloaded = FileChange;
/** A file's thumbnail was made: `item.thumbnail` is true. */
export type ThumbnailMade = FileChange;
/** An upload replaced a file's bytes: `item` is the file with its new size. */
export type FileReplaced = FileChange;
/** An earlier version of a file became its bytes again. */
export type FileVersionRestored = FileChange;
/** Someone downloaded items as one zip: how many of the selection they could view, and the first names; one event per account the items are in, with only that account's items. */
export interface ItemsZipped {
  userId: string;
  count: number;
  names: string[];
  /** The one item, when the zip is of one folder or file. */
  itemId: string | null;
}

/** What a bulk action did: one line in the audit log, and in the Activity Log one per group of items seen by the same people. */
export interface SelectionChanged {
  action: 'move' | 'trash' | 'restore' | 'delete';
  /** Who did it. */
  userId: string;
  count: number;
  /** Every item done, in the order of the selection. */
  ids: string[];
  /** How many of them are folders (all of them: the audit entry is about folders). Absent in events recorded before it was added. */
  folders?: number;
  /** The first names (SELECTION_NAMES_KEPT). */
  names: string[];
  /** With a move: where to (ROOT_FOLDER for My files' root), by name. */
  to?: { folderId: string; name: string };
  /** The items by who sees them (the owner of My files items, or a team folder's audience): how many, and the first name. */
  groups: (Pick<FileChange, 'userId' | 'audience'> & { teamFolderId: string | null; count: number; name: string })[];
}
/** How many names of a selection its audit entry keeps (every id is kept). */
export const SELECTION_NAMES_KEPT = 5;
/** "1,000 items", "1 item": a selection's size as the logs say it. */
export const itemCount = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'item' : 'items'}`;

/**
 * A change to a file as the browser hears it (GET /api/events, event "files"):
 * the event, and the item as it is now, so open lists update in place.
 */
export interface FileChangePush {
  type: (typeof FilesEvent)[keyof typeof FilesEvent];
  itemId: string;
  item: FileItem;
  /** With a move: the folder it left. */
  fromFolderId?: string;
}

/** The payload of each files event. */
export interface FilesEvents {
  [FilesEvent.FileDownloaded]: FileDownloaded;
  [FilesEvent.ItemsZipped]: ItemsZipped;
  [FilesEvent.SelectionChanged]: SelectionChanged;
  [FilesEvent.FolderCreated]: FolderCreated;
  [FilesEvent.FileUploaded]: FileUploaded;
  [FilesEvent.FileMoved]: FileMoved;
  [FilesEvent.FileRenamed]: FileRenamed;
  [FilesEvent.FileTrashed]: FileTrashed;
  [FilesEvent.FileRestored]: FileRestored;
  [FilesEvent.FileDeleted]: FileDeleted;
  [FilesEvent.ThumbnailMade]: ThumbnailMade;
  [FilesEvent.FileReplaced]: FileReplaced;
  [FilesEvent.FileVersionRestored]: FileVersionRestored;
}
