import { cofferApi, FILE_CHANGE_TAGS } from '@coffer/web-core/store';
import type { FileItem, ListFilesReply, ListFilesRequest } from '@coffer/contracts';

/** How many items one page of a list brings; the grid asks for the next as it is scrolled to. */
export const LIST_PAGE = 200;
/** Which list: the page it starts at is the query's own. */
export type FileListArgs = Omit<ListFilesRequest, 'after' | 'limit'>;

/**
 * The files API: lists, new folders, moves, renames and the trash. Each change makes stale what a pushed
 * change to files does (FILE_CHANGE_TAGS). Folder paths and choices, and links, are in src/api:
 * several features use them.
 */
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
    createFolder: build.mutation<FileItem, { name: string; parentId: string }>({
      query: (body) => ({ url: '/folders', method: 'POST', body }),
      invalidatesTags: FILE_CHANGE_TAGS,
    }),
    moveFile: build.mutation<FileItem, { fileId: string; folderId: string }>({
      query: ({ fileId, folderId }) => ({ url: `/files/${fileId}`, method: 'PATCH', body: { folderId } }),
      invalidatesTags: FILE_CHANGE_TAGS,
    }),
    renameFile: build.mutation<FileItem, { fileId: string; name: string }>({
      query: ({ fileId, name }) => ({ url: `/files/${fileId}/rename`, method: 'POST', body: { name } }),
      invalidatesTags: FILE_CHANGE_TAGS,
    }),
    trashFile: build.mutation<FileItem, string>({
      query: (fileId) => ({ url: `/files/${fileId}/trash`, method: 'POST' }),
      invalidatesTags: FILE_CHANGE_TAGS,
    }),
    restoreFile: build.mutation<FileItem, string>({
      query: (fileId) => ({ url: `/files/${fileId}/restore`, method: 'POST' }),
      invalidatesTags: FILE_CHANGE_TAGS,
    }),
    deleteForever: build.mutation<void, string>({
      query: (fileId) => ({ url: `/files/${fileId}`, method: 'DELETE' }),
      invalidatesTags: FILE_CHANGE_TAGS,
    }),
    emptyTrash: build.mutation<{ deleted: number }, void>({
      query: () => ({ url: '/trash', method: 'DELETE' }),
      invalidatesTags: FILE_CHANGE_TAGS,
    }),
  }),
});

export const {
  useListFilesInfiniteQuery,
  useCreateFolderMutation,
  useMoveFileMutation,
  useRenameFileMutation,
  useTrashFileMutation,
  useRestoreFileMutation,
  useDeleteForeverMutation,
  useEmptyTrashMutation,
} = filesApi;
