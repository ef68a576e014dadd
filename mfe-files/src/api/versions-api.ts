import { cofferApi, FILE_CHANGE_TAGS } from '@coffer/web-core/store';
import type { FileItem, FileLink, FileVersions, ListFilesReply } from '@coffer/contracts';

/** A file's versions (list, a link to one, restore one), and the names already in a folder an upload goes to. */
export const versionsApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    fileVersions: build.query<FileVersions, string>({
      query: (fileId) => `/files/${fileId}/versions`,
      providesTags: (_data, _error, fileId) => [{ type: 'File', id: fileId }],
    }),
    versionLink: build.mutation<FileLink, { fileId: string; versionId: string; disposition: 'inline' | 'attachment' }>({
      query: ({ fileId, versionId, disposition }) => ({ url: `/files/${fileId}/versions/${versionId}/link`, params: { disposition } }),
    }),
    restoreVersion: build.mutation<FileItem, { fileId: string; versionId: string }>({
      query: ({ fileId, versionId }) => ({ url: `/files/${fileId}/versions/${versionId}/restore`, method: 'POST' }),
      invalidatesTags: (_data, _error, { fileId }) => [...FILE_CHANGE_TAGS, { type: 'File', id: fileId }],
    }),
    /** One page of a folder (or of a search): the names an upload into it may clash with. */
    namesIn: build.query<ListFilesReply, { folder: string; q?: string }>({
      query: ({ folder, q }) => ({ url: '/files', params: q ? { view: 'search', q, limit: 1000 } : { folder, view: 'folder', sort: 'name-asc', limit: 1000 } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useFileVersionsQuery, useVersionLinkMutation, useRestoreVersionMutation, useLazyNamesInQuery } = versionsApi;
