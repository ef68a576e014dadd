import type { SharingPolicy, UpdateSharingPolicyRequest } from '@coffer/contracts';
import { cofferApi } from '@coffer/web-core/store';

const POLICY = { type: 'Share', id: 'sharing-policy' } as const;

/** The account's sharing policy: read by everyone in it, set by the owner and admins (Settings → Permissions). */
export const sharingPolicyApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    getSharingPolicy: build.query<SharingPolicy, void>({ query: () => '/sharing-policy', providesTags: [POLICY] }),
    updateSharingPolicy: build.mutation<SharingPolicy, UpdateSharingPolicyRequest>({
      query: (body) => ({ url: '/sharing-policy', method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : [POLICY]),
    }),
  }),
});

export const { useGetSharingPolicyQuery, useUpdateSharingPolicyMutation } = sharingPolicyApi;
