import { endSessionEverywhere } from '@coffer/web-core';
import { cofferApi } from './coffer-api';

/**
 * Signing out, which the shell's account menu asks. The other auth routes (sign-in,
 * two-factor, passwords) are mfe-account's, in its features' `api/` folders. Signing
 * out ends the session here and in every other tab.
 */
export const authApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    /** Signs out on the server (clears the cookie), then here and in every other tab. */
    signOut: build.mutation<null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: '/auth/sign-out', method: 'POST' });
        // A 401: the server had already ended the session, which is what was asked.
        if (result.error && result.error.status !== 401) return { error: result.error };
        endSessionEverywhere();
        return { data: null };
      },
    }),
  }),
});

export const { useSignOutMutation } = authApi;
