import type { Dispatch, ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { FilesEvent, ROOT_FOLDER, type FileChangePush, type FileItem, type FileView, type ListFilesReply, type SortOrder } from '@coffer/contracts';
import { cofferApi } from '../api/coffer-api';

/** Which list a cached list is (the arguments of mfe-files' listFiles). */
export interface FileListArgs {
  folder?: string;
  sort?: SortOrder;
  view?: FileView;
  q?: string;
}

/** A list as RTK Query caches it: the pages read so far. */
export interface CachedFileList {
  pages: ListFilesReply[];
  pageParams: unknown[];
}

/** The item before and after a change (null: not there at all). */
function statesOf(change: FileChangePush): { before: FileItem | null; after: FileItem | null } {
  const { item } = change;
  switch (change.type) {
    case FilesEvent.FileUploaded:
    case FilesEvent.FolderCreated:
      return { before: null, after: item };
    case FilesEvent.FileMoved:
      return { before: { ...item, folderId: change.fromFolderId ?? item.folderId }, after: item };
    case FilesEvent.FileTrashed:
      return { before: { ...item, deletedAt: null }, after: item };
    case FilesEvent.FileRestored:
      return { before: { ...item, deletedAt: item.deletedAt ?? item.updatedAt }, after: item };
    case FilesEvent.FileDeleted:
      return { before: item, after: null };
    default:
      return { before: item, after: item };
  }
}

/** Whether an item in this state is in the list (Recent is ordered by use: it is read again instead). */
function belongs(args: FileListArgs, state: FileItem | null): boolean {
  if (!state) return false;
  const view = args.view ?? 'folder';
  if (view === 'trash') return state.deletedAt !== null;
  if (state.deletedAt !== null) return false;
  if (view === 'folder') return state.folderId === (args.folder ?? ROOT_FOLDER);
  if (view === 'search') return Boolean(args.q) && state.name.toLowerCase().includes(args.q!.toLowerCase());
  return false;
}

const time = (iso: string | null) => (iso ? Date.parse(iso) : 0);
/** Each order's key and direction, then the id in the same direction, as the files service orders a list. */
const ORDERS: Record<SortOrder | 'trash', { key: (i: FileItem) => number | string; desc: boolean }> = {
  newest: { key: (i) => time(i.createdAt), desc: true },
  oldest: { key: (i) => time(i.createdAt), desc: false },
  'name-asc': { key: (i) => i.name.toLowerCase(), desc: false },
  'name-desc': { key: (i) => i.name.toLowerCase(), desc: true },
  'size-asc': { key: (i) => i.size, desc: false },
  'size-desc': { key: (i) => i.size, desc: true },
  trash: { key: (i) => time(i.deletedAt), desc: true },
};

function comesBefore(args: FileListArgs, a: FileItem, b: FileItem): boolean {
  const order = ORDERS[(args.view ?? 'folder') === 'trash' ? 'trash' : (args.sort ?? 'newest')];
  const [ka, kb] = [order.key(a), order.key(b)];
  if (ka !== kb) return order.desc ? ka > kb : ka < kb;
  return order.desc ? a.id > b.id : a.id < b.id;
}

/**
 * Applies one change to one cached list, in place: the item leaves the pages
 * it was on and goes where it now belongs in the order (never left out: past
 * the pages read, it goes last, and the list drops the copy a later page
 * brings); the list's total follows.
 */
export function applyToList(list: CachedFileList, args: FileListArgs, change: FileChangePush): void {
  if ((args.view ?? 'folder') === 'recent' || list.pages.length === 0) return;
  const { before, after } = statesOf(change);
  let present = false;
  for (const page of list.pages) {
    const at = page.items.findIndex((i) => i.id === change.itemId);
    if (at >= 0) {
      page.items.splice(at, 1);
      present = true;
    }
  }
  const isIn = belongs(args, after);
  if (isIn) {
    const item = after!;
    const page = list.pages.find((p) => p.items.some((other) => comesBefore(args, item, other)));
    if (page)
      page.items.splice(
        page.items.findIndex((other) => comesBefore(args, item, other)),
        0,
        item,
      );
    else list.pages[list.pages.length - 1].items.push(item);
  }
  const delta = (isIn ? 1 : 0) - (present || belongs(args, before) ? 1 : 0);
  for (const page of list.pages) page.total = Math.max(0, page.total + delta);
}

type ListUpdater = (endpointName: string, args: unknown, recipe: (draft: unknown) => void) => ThunkAction<unknown, unknown, unknown, UnknownAction>;

/**
 * A change to a file heard from the server: every open list it touches is
 * updated in place (no list is read again), and what else it makes stale is
 * read again: Recent, the cards of the folders it left or entered (their
 * counts), folder paths and pickers, the storage meter, the activity log.
 */
export function applyFileChange(change: FileChangePush): ThunkAction<void, unknown, unknown, UnknownAction> {
  return (dispatch, getState) => {
    const state = getState() as Parameters<typeof cofferApi.util.selectInvalidatedBy>[0];
    const updateList = cofferApi.util.updateQueryData as unknown as ListUpdater;
    for (const { endpointName, originalArgs } of cofferApi.util.selectInvalidatedBy(state, [{ type: 'File', id: 'LIST' }])) {
      dispatch(
        updateList(endpointName, originalArgs, (draft) => {
          if (draft && typeof draft === 'object' && 'pages' in draft) applyToList(draft as CachedFileList, (originalArgs ?? {}) as FileListArgs, change);
        }),
      );
    }
    // A thumbnail changes how the item looks, nothing else: only Recent (read again, not updated in place) follows.
    if (change.type === FilesEvent.ThumbnailMade) {
      dispatch(cofferApi.util.invalidateTags([{ type: 'File', id: 'RECENT' }]));
      return;
    }
    const { before, after } = statesOf(change);
    const folders = [...new Set([before?.folderId, after?.folderId])].filter((id): id is string => Boolean(id) && id !== ROOT_FOLDER);
    dispatch(
      cofferApi.util.invalidateTags([{ type: 'File', id: 'RECENT' }, ...folders.map((id) => ({ type: 'File' as const, id })), 'Folder', 'Storage', 'Activity']),
    );
  };
}

/** Hands a pushed change to the store (the store's thunk middleware runs it). */
export const dispatchFileChange = (dispatch: Dispatch, change: FileChangePush) => dispatch(applyFileChange(change) as unknown as UnknownAction);
