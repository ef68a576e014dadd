import type {
  AddRoleRequest,
  AvatarUpload,
  Branding,
  InviteMemberRequest,
  ListRolesReply,
  ListTeamReply,
  Preferences,
  Profile,
  TeamMember,
  UpdateBrandingRequest,
  UpdatePreferencesRequest,
  UpdateProfileRequest,
  UserRole,
} from '@coffer/contracts';
import { endSessionEverywhere } from '@coffer/web-core';
import { cofferApi } from './coffer-api';

/**
 * The organisation's routes: the profile and avatar, preferences, the team and
 * its roles, branding, and deleting the account. They live in web-core because
 * the shell's top bar shows the avatar and the branding, and mfe-account edits them.
 */
export const accountApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, void>({ query: () => '/profile', providesTags: ['Profile'] }),
    updateProfile: build.mutation<Profile, UpdateProfileRequest>({
      query: (body) => ({ url: '/profile', method: 'PATCH', body }),
      invalidatesTags: ['Profile', 'Team'],
    }),
    createAvatarUpload: build.mutation<AvatarUpload, { contentType: string; size: number }>({
      query: (body) => ({ url: '/profile/avatar/upload-url', method: 'POST', body }),
    }),
    setAvatar: build.mutation<Profile, { uploadId: string }>({
      query: (body) => ({ url: '/profile/avatar', method: 'POST', body }),
      invalidatesTags: ['Profile'],
    }),
    getPreferences: build.query<Preferences, void>({ query: () => '/preferences', providesTags: ['Preferences'] }),
    updatePreferences: build.mutation<Preferences, UpdatePreferencesRequest>({
      query: (body) => ({ url: '/preferences', method: 'PATCH', body }),
      // Shown at once (a switch flips as it is clicked, and the next change builds on it), undone if the server refuses.
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          accountApi.util.updateQueryData('getPreferences', undefined, (draft) => {
            if (body.email) draft.email = { ...draft.email, ...body.email };
            if (body.general) draft.general = { ...draft.general, ...body.general };
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    listTeam: build.query<ListTeamReply, void>({ query: () => '/team', providesTags: ['Team'] }),
    inviteMember: build.mutation<TeamMember, InviteMemberRequest>({
      query: (body) => ({ url: '/team/invitations', method: 'POST', body }),
      invalidatesTags: ['Team'],
    }),
    removeMember: build.mutation<{ ok: true }, string>({
      query: (id) => ({ url: `/team/members/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Team', 'Roles'],
    }),
    listRoles: build.query<ListRolesReply, void>({ query: () => '/roles', providesTags: ['Roles'] }),
    addRole: build.mutation<UserRole, AddRoleRequest>({
      query: (body) => ({ url: '/roles', method: 'POST', body }),
      invalidatesTags: ['Roles', 'Team'],
    }),
    removeRole: build.mutation<{ ok: true }, string>({
      query: (id) => ({ url: `/roles/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Roles', 'Team'],
    }),
    getBranding: build.query<Branding, void>({ query: () => '/branding', providesTags: ['Branding'] }),
    updateBranding: build.mutation<Branding, UpdateBrandingRequest>({
      query: (body) => ({ url: '/branding', method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(accountApi.util.upsertQueryData('getBranding', undefined, data));
      },
    }),
    /** Deletes the caller everywhere; the session then ends in every tab. */
    deleteAccount: build.mutation<{ ok: true }, { email: string }>({
      async queryFn(body, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: '/account/delete', method: 'POST', body });
        if (result.error) return { error: result.error };
        endSessionEverywhere();
        return { data: { ok: true } };
      },
    }),
  }),
});

export const {
  useGetProfileQuery,
  useUpdateProfileMutation,
  useCreateAvatarUploadMutation,
  useSetAvatarMutation,
  useGetPreferencesQuery,
  useUpdatePreferencesMutation,
  useListTeamQuery,
  useInviteMemberMutation,
  useRemoveMemberMutation,
  useListRolesQuery,
  useAddRoleMutation,
  useRemoveRoleMutation,
  useGetBrandingQuery,
  useUpdateBrandingMutation,
  useDeleteAccountMutation,
} = accountApi;
