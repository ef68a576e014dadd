import { startSession, type IssuedSession, type SessionUser } from '@coffer/web-core';
import { cofferApi } from '@coffer/web-core/store';

/** What the two-factor state shows: the security card (session) and the account page (profile). */
export const TWO_FACTOR_TAGS = ['Session', 'Profile'] as const;

export interface VerifyFactorRequest {
  factorId: string;
  /** The 6 digits from the authenticator. */
  code: string;
}

/**
 * Verifying a code from the authenticator, which two features ask: the second step
 * of sign-in (auth) and the last step of two-factor setup (security).
 */
export const twoFactorApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    /** Challenges a TOTP factor and verifies the code: the second step of sign-in, and the last of 2FA setup. */
    verifyFactor: build.mutation<{ user: SessionUser; recoveryCodes?: string[] }, VerifyFactorRequest>({
      async queryFn({ factorId, code }, _api, _extra, baseQuery) {
        const factor = encodeURIComponent(factorId);
        const challenge = await baseQuery({ url: `/auth/factors/${factor}/challenge`, method: 'POST', body: {} });
        if (challenge.error) return { error: challenge.error };
        const challengeId = (challenge.data as { id: string }).id;
        const verified = await baseQuery({ url: `/auth/factors/${factor}/verify`, method: 'POST', body: { challengeId, code } });
        if (verified.error) return { error: verified.error };
        const { recoveryCodes, ...session } = verified.data as IssuedSession & { recoveryCodes?: string[] };
        await startSession(session, { announce: true });
        // The codes that come when two-factor is turned on: shown once by the setup dialog, never kept in the store for long.
        return { data: { user: session.user, ...(recoveryCodes ? { recoveryCodes } : {}) } };
      },
      invalidatesTags: (_result, error) => (error ? [] : [...TWO_FACTOR_TAGS]),
    }),
  }),
});

export const { useVerifyFactorMutation } = twoFactorApi;
