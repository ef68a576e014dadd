import { cofferApi } from '@coffer/web-core/store';
import type { FolderPath, ListFoldersReply, ListFoldersRequest } from '@coffer/contracts';

/** A folder's path and the folders to choose from: the folder pickers' (moving, uploading) and the file browser's breadcrumbs. */
export const foldersApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
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
  }),
});

export const { useGetFolderQuery, useListFoldersQuery } = foldersApi;
