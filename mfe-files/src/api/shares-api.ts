import { cofferApi } from '@coffer/web-core/store';

/** Revoking a share: from the sharing feature's lists and from "Who has access" of the files feature. */
export const sharesApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    revokeShare: build.mutation<void, string>({
      query: (shareId) => ({ url: `/shares/${shareId}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Share', id: 'LIST' }],
    }),
  }),
});

export const { useRevokeShareMutation } = sharesApi;
