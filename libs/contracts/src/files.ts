import { z } from 'zod';

/** Request/reply subjects of the files service. */
export const FilesSubject = {
  ListFiles: 'files.file.list',
} as const;

/** The four folders every new account's root holds, in display order. */
export const DEFAULT_FOLDER_NAMES = ['Documents', 'Images', 'Projects', 'Invoices'] as const;
export const ROOT_FOLDER = 'root';
export const FOLDER_MIME_TYPE = 'folder';

export const SORT_ORDERS = ['newest', 'oldest', 'name-asc', 'name-desc', 'size-asc', 'size-desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** A row of the file browser: a file or a folder (mimeType "folder"). */
export interface FileItem {
  id: string;
  name: string;
  size: number;
  mimeType: string;
  folderId: string;
  isFolder: boolean;
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
}

/** A folder reference: "root" or a folder's id. */
export const folderRefSchema = z.union([z.literal(ROOT_FOLDER), z.uuid()]);

export const listFilesRequestSchema = z.object({
  folder: folderRefSchema.default(ROOT_FOLDER),
  sort: z.enum(SORT_ORDERS).default('newest'),
});
export type ListFilesRequest = z.input<typeof listFilesRequestSchema>;
export interface ListFilesReply {
  items: FileItem[];
}
