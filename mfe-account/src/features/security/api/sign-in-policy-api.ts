import type { SignInPolicy, UpdateSignInPolicyRequest } from '@coffer/contracts';
import { cofferApi } from '@coffer/web-core/store';

const POLICY = { type: 'Session', id: 'sign-in-policy' } as const;

/** The account's sign-in policy (owner and admins): two-factor required for everyone. */
export const signInPolicyApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    getSignInPolicy: build.query<SignInPolicy, void>({ query: () => '/sign-in-policy', providesTags: [POLICY] }),
    updateSignInPolicy: build.mutation<SignInPolicy, UpdateSignInPolicyRequest>({
      query: (body) => ({ url: '/sign-in-policy', method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : [POLICY]),
    }),
  }),
});

export const { useGetSignInPolicyQuery, useUpdateSignInPolicyMutation } = signInPolicyApi;
