import { cofferApi } from '@coffer/web-core';
import type { ListFilesReply, ListFilesRequest } from '@coffer/contracts';

/** The files and folders of one folder (`root` for the top level). */
export const filesApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    listFiles: build.query<ListFilesReply, ListFilesRequest>({
      query: ({ folder, sort }) => ({
        url: '/files',
        params: sort ? { folder, sort } : { folder },
      }),
      providesTags: (reply, _error, { folder }) => [
        { type: 'File', id: `LIST:${folder}` },
        ...(reply?.items ?? []).map((item) => ({ type: 'File' as const, id: item.id })),
      ],
    }),
  }),
});

export const { useListFilesQuery } = filesApi;
