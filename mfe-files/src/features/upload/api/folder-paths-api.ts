import { cofferApi, FILE_CHANGE_TAGS } from '@coffer/web-core/store';
import type { EnsureFolderPathsInput, EnsureFolderPathsReply } from '@coffer/contracts';

/** A folder upload's tree: the server makes the folders that are not there yet and reuses those that are. */
export const folderPathsApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    ensureFolderPaths: build.mutation<EnsureFolderPathsReply, EnsureFolderPathsInput>({
      query: (body) => ({ url: '/folder-paths', method: 'POST', body }),
      invalidatesTags: FILE_CHANGE_TAGS,
    }),
  }),
});

export const { useEnsureFolderPathsMutation } = folderPathsApi;
