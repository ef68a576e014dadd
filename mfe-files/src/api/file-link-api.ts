import { cofferApi } from '@coffer/web-core/store';
import type { FileLink } from '@coffer/contracts';

/** A signed URL to view or download one of the caller's files: the file grid's and the Shared tab's (a file I shared). */
export const fileLinkApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    // A mutation, not a query: every View or Download asks for a fresh signed URL (and counts as an access).
    fileLink: build.mutation<FileLink, { fileId: string; disposition: 'inline' | 'attachment' }>({
      query: ({ fileId, disposition }) => ({ url: `/files/${fileId}/link`, params: { disposition } }),
      // Recent lists files by last access.
      invalidatesTags: [{ type: 'File', id: 'LIST' }, 'Activity'],
    }),
  }),
});

export const { useFileLinkMutation } = fileLinkApi;
