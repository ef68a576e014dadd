import type { AvatarUpload, Profile, UpdateProfileRequest } from '@coffer/contracts';
import { endSessionEverywhere } from '@coffer/web-core';
import { cofferApi } from '@coffer/web-core/store';

/** The profile and avatar (read with web-core's `useGetProfileQuery`, which the shell's top bar shares), and deleting the account. */
export const profileApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
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

export const { useUpdateProfileMutation, useCreateAvatarUploadMutation, useSetAvatarMutation, useDeleteAccountMutation } = profileApi;
