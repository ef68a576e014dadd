import { z } from 'zod';

/** Request/reply subjects of the files service. */
export const FilesSubject = {
  ListFiles: 'files.file.list',
  GetFolder: 'files.folder.get',
  ListFolders: 'files.folder.list',
  CreateFolder: 'files.folder.create',
  CreateUpload: 'files.upload.create',
  CompleteUpload: 'files.upload.complete',
  MoveFile: 'files.file.move',
  TrashFile: 'files.file.trash',
  RestoreFile: 'files.file.restore',
  DeleteFile: 'files.file.delete',
  EmptyTrash: 'files.trash.empty',
  FileLink: 'files.file.link',
  /** One active file of the caller (sharing asks it before a share is made). */
  GetFile: 'files.file.get',
  StorageUsage: 'files.storage.usage',
} as const;

/** Events published by the files service. */
export const FilesEvent = {
  FolderCreated: 'events.files.folder.created',
  FileUploaded: 'events.files.file.uploaded',
  FileMoved: 'events.files.file.moved',
  FileTrashed: 'events.files.file.trashed',
  FileRestored: 'events.files.file.restored',
  FileDeleted: 'events.files.file.deleted',
} as const;

/** The four folders every new account's root holds, in display order. */
export const DEFAULT_FOLDER_NAMES = ['Documents', 'Images', 'Projects', 'Invoices'] as const;
export const ROOT_FOLDER = 'root';
export const FOLDER_MIME_TYPE = 'folder';

/** Spec §9: the largest file Coffer accepts. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
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
export interface FileItem {
  id: string;
  name: string;
  size: number;
  mimeType: string;
  folderId: string;
  isFolder: boolean;
  /** Folders only: how many active files and folders they hold directly. */
  fileCount?: number;
  folderCount?: number;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  lastAccessedAt: string | null;
}

/** A folder reference: "root" or a folder's id. */
export const folderRefSchema = z.union([z.literal(ROOT_FOLDER), z.uuid()]);

export const listFilesRequestSchema = z.object({
  folder: folderRefSchema.default(ROOT_FOLDER),
  sort: z.enum(SORT_ORDERS).default('newest'),
  view: z.enum(FILE_VIEWS).default('folder'),
  q: z.string().trim().max(200).optional(),
  /** A page of a large folder: at most `limit` items after skipping `offset`. */
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ListFilesRequest = z.input<typeof listFilesRequestSchema>;
export interface ListFilesReply {
  items: FileItem[];
}

export const getFolderSchema = z.object({ folderId: z.uuid() });

/** Every active folder of the user, for the upload dialog's and Move to…'s folder choices. */
export interface FolderSummary {
  id: string;
  name: string;
  parentId: string;
}
export interface ListFoldersReply {
  items: FolderSummary[];
}
/** A folder and the path to it from the root, for breadcrumbs. */
export interface FolderPath {
  folder: FileItem;
  path: Array<{ id: string; name: string }>;
}

const name = (message: string) => z.string({ error: message }).trim().min(1, message).max(255, 'Names can be at most 255 characters');
export const createFolderSchema = z.object({ name: name('Please enter a folder name'), parentId: folderRefSchema.default(ROOT_FOLDER) });

export const createUploadSchema = z.object({
  name: name('Please choose a file'),
  size: z.number({ error: 'File size is required' }).int().min(0),
  mimeType: z.string().trim().max(255).default('application/octet-stream'),
  folderId: folderRefSchema.default(ROOT_FOLDER),
});
/** Where the browser PUTs the bytes: straight to S3, within the size it declared. */
export interface UploadSlot {
  uploadId: string;
  url: string;
  headers: Record<string, string>;
  expiresAt: string;
}
export const completeUploadSchema = z.object({ uploadId: z.uuid() });

export const fileIdSchema = z.object({ fileId: z.uuid() });
export const moveFileSchema = z.object({ fileId: z.uuid(), folderId: folderRefSchema });
export const fileLinkSchema = z.object({ fileId: z.uuid(), disposition: z.enum(['inline', 'attachment']).default('inline') });
export interface FileLink {
  url: string;
  expiresAt: string;
}

export interface StorageUsage {
  usedBytes: number;
  limitBytes: number;
}

/** Every files event carries the item as it is after the change. */
export interface FileChanged {
  item: FileItem;
  userId: string;
}
