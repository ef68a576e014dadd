import { cofferApi, FILE_CHANGE_TAGS } from '@coffer/web-core/store';
import type { AccessEntry, FolderAccess, ListTeamFoldersReply, ListTeamReply, TeamFolder, WhoHasAccessReply } from '@coffer/contracts';

/** Team folders and access lists: the Files root's team folders, New team folder, the Access dialog, and what Upload may offer. */
export const teamFoldersApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    /** The team folders the user can open, with their level in each (a pushed change to files reads them again). */
    listTeamFolders: build.query<ListTeamFoldersReply, void>({
      query: () => '/team-folders',
      providesTags: [{ type: 'Folder', id: 'TEAM' }],
    }),
    createTeamFolder: build.mutation<TeamFolder, { name: string }>({
      query: (body) => ({ url: '/team-folders', method: 'POST', body }),
      invalidatesTags: FILE_CHANGE_TAGS,
    }),
    /** Deletes an empty team folder; one with contents is refused (409) with the server's message. */
    deleteTeamFolder: build.mutation<void, string>({
      query: (folderId) => ({ url: `/team-folders/${encodeURIComponent(folderId)}`, method: 'DELETE' }),
      invalidatesTags: FILE_CHANGE_TAGS,
    }),
    getFolderAccess: build.query<FolderAccess, string>({
      query: (folderId) => `/folders/${encodeURIComponent(folderId)}/access`,
      providesTags: (_reply, _error, folderId) => [{ type: 'Folder', id: `ACCESS-${folderId}` }],
    }),
    setFolderAccess: build.mutation<FolderAccess, { folderId: string; own: boolean; entries: AccessEntry[] }>({
      query: ({ folderId, ...body }) => ({ url: `/folders/${encodeURIComponent(folderId)}/access`, method: 'PUT', body }),
      invalidatesTags: FILE_CHANGE_TAGS,
    }),
    /** "Who has access": read again when an access list changes or a share is made or revoked. */
    whoHasAccess: build.query<WhoHasAccessReply, string>({
      query: (itemId) => `/files/${encodeURIComponent(itemId)}/access`,
      providesTags: ['Folder', { type: 'Share', id: 'LIST' }],
    }),
  }),
});

export const {
  useListTeamFoldersQuery,
  useCreateTeamFolderMutation,
  useDeleteTeamFolderMutation,
  useGetFolderAccessQuery,
  useSetFolderAccessMutation,
  useWhoHasAccessQuery,
} = teamFoldersApi;

/** The account's members, for choosing who an access entry names (GET /team; the account remote has its own view of it). */
export const accessPeopleApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    accessPeople: build.query<ListTeamReply, void>({ query: () => '/team', providesTags: ['Team'] }),
  }),
});
export const { useAccessPeopleQuery } = accessPeopleApi;
