import type { FileItem } from '@coffer/contracts';
import type { FileList } from './hooks/use-file-list';

// The files feature's component tests: items and lists as the gateway and the list hook give them.

/** Made at nine, changed at half past ten (a list view shows "Modified"). */
export const ITEM_TIMES = { createdAt: '2026-11-27T09:00:00.000Z', updatedAt: '2026-11-27T10:30:00.000Z', deletedAt: null, lastAccessedAt: null };
/** The n-th of many items' ids. */
export const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A file: 10 bytes of text in My files, unless said otherwise. */
export const fileItem = (item: Pick<FileItem, 'id' | 'name'> & Partial<FileItem>): FileItem => ({
  size: 10,
  mimeType: 'text/plain',
  folderId: 'root',
  isFolder: false,
  ...ITEM_TIMES,
  ...item,
});

/** A folder in My files holding three files, unless said otherwise. */
export const folderItem = (item: Pick<FileItem, 'id' | 'name'> & Partial<FileItem>): FileItem => ({
  size: 0,
  mimeType: 'folder',
  folderId: 'root',
  isFolder: true,
  fileCount: 3,
  folderCount: 0,
  ...ITEM_TIMES,
  ...item,
});

/** What the list hook gives for `items` read of a folder of `total` (more to read when there are). */
export const listOf = (items: FileItem[], total = items.length): FileList => ({
  items,
  total,
  isLoading: false,
  isError: false,
  isFetching: false,
  refetch: () => undefined,
  hasNextPage: items.length < total,
  isFetchingNextPage: false,
  fetchNextPage: () => undefined,
});
