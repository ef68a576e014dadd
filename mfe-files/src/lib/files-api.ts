import { cofferApi, type CofferTagType } from '@coffer/web-core/store';
import type { ListFoldersReply, ListFoldersRequest, FileItem, FileLink, FolderPath, ListFilesReply, ListFilesRequest, StorageUsage } from '@coffer/contracts';

/** How many items one page of a list brings; the grid asks for the next as it is scrolled to. */
export const LIST_PAGE = 200;
/** Which list: the page it starts at is the query's own. */
export type FileListArgs = Omit<ListFilesRequest, 'after' | 'limit'>;

/** Everything a change to files makes stale: every list, folder paths and counts, the meter, the activity log. */
export const FILES_CHANGED: CofferTagType[] = ['File', 'Folder', 'Storage', 'Activity'];

export interface ActivityItem {
  id: string;
  kind: 'upload' | 'share' | 'delete' | 'download' | 'folder';
  fileName: string;
  occurredAt: string;
}

/** The files API: lists, folders, moves, trash, links and storage usage. */
export const filesApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    /** A folder, the trash, a search or Recent, a page at a time: every item is on some page (`next` leads on). */
    listFiles: build.infiniteQuery<ListFilesReply, FileListArgs, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (page) => page.next },
      query: ({ queryArg: { folder, sort, view, q }, pageParam }) => ({
        url: '/files',
        params: {
          folder: folder ?? 'root',
          sort: sort ?? 'newest',
          view: view ?? 'folder',
          limit: LIST_PAGE,
          ...(q ? { q } : {}),
          ...(pageParam ? { after: pageParam } : {}),
        },
      }),
      providesTags: (data, _error, args) => [
        { type: 'File', id: 'LIST' },
        // Recent is ordered by use: a pushed change reads it again rather than guess its place.
        ...(args.view === 'recent' ? [{ type: 'File' as const, id: 'RECENT' }] : []),
        ...(data?.pages ?? []).flatMap((page) => page.items.map((item) => ({ type: 'File' as const, id: item.id }))),
      ],
    }),
    /** The folders whose name contains `q`, by name, with their paths: the choices of the folder pickers. */
    listFolders: build.query<ListFoldersReply, ListFoldersRequest>({
      query: (params) => ({ url: '/folders', params }),
      // Any change to the folders may add or trash one (own changes and pushed ones invalidate 'Folder').
      providesTags: [{ type: 'Folder', id: 'CHOICES' }],
    }),
    getFolder: build.query<FolderPath, string>({
      query: (folderId) => `/folders/${encodeURIComponent(folderId)}`,
      providesTags: (_reply, _error, folderId) => [{ type: 'Folder', id: folderId }],
    }),
    createFolder: build.mutation<FileItem, { name: string; parentId: string }>({
      query: (body) => ({ url: '/folders', method: 'POST', body }),
      invalidatesTags: FILES_CHANGED,
    }),
    moveFile: build.mutation<FileItem, { fileId: string; folderId: string }>({
      query: ({ fileId, folderId }) => ({ url: `/files/${fileId}`, method: 'PATCH', body: { folderId } }),
      invalidatesTags: FILES_CHANGED,
    }),
    trashFile: build.mutation<FileItem, string>({
      query: (fileId) => ({ url: `/files/${fileId}/trash`, method: 'POST' }),
      invalidatesTags: FILES_CHANGED,
    }),
    restoreFile: build.mutation<FileItem, string>({
      query: (fileId) => ({ url: `/files/${fileId}/restore`, method: 'POST' }),
      invalidatesTags: FILES_CHANGED,
    }),
    deleteForever: build.mutation<void, string>({
      query: (fileId) => ({ url: `/files/${fileId}`, method: 'DELETE' }),
      invalidatesTags: FILES_CHANGED,
    }),
    emptyTrash: build.mutation<{ deleted: number }, void>({
      query: () => ({ url: '/trash', method: 'DELETE' }),
      invalidatesTags: FILES_CHANGED,
    }),
    // A mutation, not a query: every View or Download asks for a fresh signed URL (and counts as an access).
    fileLink: build.mutation<FileLink, { fileId: string; disposition: 'inline' | 'attachment' }>({
      query: ({ fileId, disposition }) => ({ url: `/files/${fileId}/link`, params: { disposition } }),
      // Recent lists files by last access.
      invalidatesTags: [{ type: 'File', id: 'LIST' }, 'Activity'],
    }),
    storageUsage: build.query<StorageUsage, void>({
      query: () => '/storage/usage',
      providesTags: ['Storage'],
    }),
    activity: build.query<{ items: ActivityItem[] }, void>({
      query: () => '/activity',
      providesTags: ['Activity'],
    }),
  }),
});

export const {
  useListFilesInfiniteQuery,
  useGetFolderQuery,
  useListFoldersQuery,
  useCreateFolderMutation,
  useMoveFileMutation,
  useTrashFileMutation,
  useRestoreFileMutation,
  useDeleteForeverMutation,
  useEmptyTrashMutation,
  useFileLinkMutation,
  useStorageUsageQuery,
  useActivityQuery,
} = filesApi;
