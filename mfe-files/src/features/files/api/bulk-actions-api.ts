import { cofferApi, FILE_CHANGE_TAGS } from '@coffer/web-core/store';
import { FILES_PAGE_MAX, type BulkReply, type ListFilesReply } from '@coffer/contracts';
import type { FileListArgs } from './files-api';

export type BulkAction = 'move' | 'trash' | 'restore' | 'delete';

/** Actions on a whole selection (one request for up to BULK_ITEMS_MAX items), and the ids of a whole list to select it all. */
export const bulkActionsApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    bulkAction: build.mutation<BulkReply, { action: BulkAction; items: string[]; folderId?: string }>({
      query: ({ action, ...body }) => ({ url: `/files/bulk/${action}`, method: 'POST', body }),
      invalidatesTags: FILE_CHANGE_TAGS,
    }),
    /** Every id of a list, read a page of FILES_PAGE_MAX at a time: what "Select all" acts on, loaded or not. */
    listIds: build.query<string[], FileListArgs>({
      async queryFn({ folder, sort, view, q }, _api, _extra, baseQuery) {
        const ids: string[] = [];
        let after: string | null = null;
        do {
          const params = {
            folder: folder ?? 'root',
            sort: sort ?? 'newest',
            view: view ?? 'folder',
            limit: FILES_PAGE_MAX,
            ...(q ? { q } : {}),
            ...(after ? { after } : {}),
          };
          const page = await baseQuery({ url: '/files', params });
          if (page.error) return { error: page.error };
          const reply = page.data as ListFilesReply;
          ids.push(...reply.items.map((i) => i.id));
          after = reply.next;
        } while (after);
        return { data: ids };
      },
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useBulkActionMutation, useLazyListIdsQuery } = bulkActionsApi;
