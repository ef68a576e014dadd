import {
  endSessionEverywhere,
  isConfirmationRequired,
  isMfaRequired,
  startSecondFactorStep,
  startSession,
  updateSessionInfo,
  type EnrolledFactor,
  type IssuedSession,
  type SessionInfo,
  type SessionUser,
  type SignInReply,
  type SignInRequest,
  type SignUpReply,
  type SignUpRequest,
} from '@coffer/web-core';
import { ErrorCode, signInChallengeSchema, solveSignInChallenge, type RecoveryCodes, type SignInChallenge, type TwoFactorProof } from '@coffer/contracts';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { cofferApi } from './coffer-api';

/** A sign-in refused until a proof of work is solved: the challenge to solve, else undefined. */
function challengeOf(error: FetchBaseQueryError | undefined): SignInChallenge | undefined {
  if (error?.status !== 428) return undefined;
  const data = error.data as { code?: string; challenge?: unknown } | undefined;
  if (data?.code !== ErrorCode.ChallengeRequired) return undefined;
  const parsed = signInChallengeSchema.safeParse(data.challenge);
  return parsed.success ? parsed.data : undefined;
}

/** Challenges solved for one sign-in before giving up (each answer is good once, so a race can ask again). */
const CHALLENGE_ROUNDS = 3;

// What the sign-in mutations keep in the store: never a token (tokens stay in memory, outside Redux).
export type SignUpResult = { status: 'signed-in'; user: SessionUser } | { status: 'confirmation-required' };
export type SignInResult = { status: 'signed-in'; user: SessionUser } | { status: 'mfa-required'; factorId: string };

/** What the two-factor state shows: the security card (session) and the account page (profile). */
const TWO_FACTOR_TAGS = ['Session', 'Profile'] as const;

export interface VerifyFactorRequest {
  factorId: string;
  /** The 6 digits from the authenticator. */
  code: string;
}

/**
 * The auth routes (`/api/auth/*`). They live in web-core because the shell
 * (session, sign-out) and mfe-account (sign-in, settings) both use them. Each
 * call that issues a session hands it to the session runtime before it
 * resolves, so the session already says signed in when the caller navigates.
 */
export const authApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    signUp: build.mutation<SignUpResult, SignUpRequest>({
      async queryFn(body, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: '/auth/sign-up', method: 'POST', body });
        if (result.error) return { error: result.error };
        const reply = result.data as SignUpReply;
        if (isConfirmationRequired(reply)) return { data: { status: 'confirmation-required' } };
        await startSession(reply, { announce: true });
        return { data: { status: 'signed-in', user: reply.user } };
      },
    }),

    signIn: build.mutation<SignInResult, SignInRequest>({
      async queryFn(body, _api, _extra, baseQuery) {
        let result = await baseQuery({ url: '/auth/sign-in', method: 'POST', body });
        // After repeated failed sign-ins the account asks this browser for a moment's work first: done here, unseen.
        for (let round = 0, challenge = challengeOf(result.error); challenge && round < CHALLENGE_ROUNDS; round++, challenge = challengeOf(result.error)) {
          result = await baseQuery({ url: '/auth/sign-in', method: 'POST', body: { ...body, challenge: await solveSignInChallenge(challenge) } });
        }
        if (result.error) return { error: result.error };
        const reply = result.data as SignInReply;
        if (isMfaRequired(reply)) {
          startSecondFactorStep(reply.accessToken, reply.expiresIn, reply.factorId);
          return { data: { status: 'mfa-required', factorId: reply.factorId } };
        }
        await startSession(reply, { announce: true });
        return { data: { status: 'signed-in', user: reply.user } };
      },
    }),

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

    /** The second step of sign-in with a recovery code instead: each works once; answers how many are left. */
    useRecoveryCode: build.mutation<{ user: SessionUser; recoveryCodesLeft: number }, { recoveryCode: string }>({
      async queryFn(body, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: '/auth/recovery-codes/verify', method: 'POST', body });
        if (result.error) return { error: result.error };
        const { recoveryCodesLeft, ...session } = result.data as IssuedSession & { recoveryCodesLeft: number };
        await startSession(session, { announce: true });
        return { data: { user: session.user, recoveryCodesLeft } };
      },
      invalidatesTags: (_result, error) => (error ? [] : [...TWO_FACTOR_TAGS]),
    }),

    /** New recovery codes for the current password or a code: the old ones stop working. */
    regenerateRecoveryCodes: build.mutation<RecoveryCodes, TwoFactorProof>({
      query: (body) => ({ url: '/auth/recovery-codes', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Session']),
    }),

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

    getSession: build.query<SessionInfo, void>({
      query: () => '/auth/session',
      providesTags: ['Session'],
      async onQueryStarted(_arg, { queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          updateSessionInfo(data);
        } catch {
          // The component shows the query's error.
        }
      },
    }),

    /** Starts 2FA setup: a new, unverified TOTP factor with its QR code and secret. */
    enrollFactor: build.mutation<EnrolledFactor, void>({
      query: () => ({ url: '/auth/factors', method: 'POST', body: {} }),
    }),

    /** Turns two-factor off: needs the current password or a code from the authenticator. */
    unenrollFactor: build.mutation<null, { factorId: string } & TwoFactorProof>({
      query: ({ factorId, ...proof }) => ({ url: `/auth/factors/${encodeURIComponent(factorId)}`, method: 'DELETE', body: proof }),
      invalidatesTags: (_result, error) => (error ? [] : [...TWO_FACTOR_TAGS]),
    }),

    changePassword: build.mutation<null, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: '/auth/password/change', method: 'POST', body }),
    }),

    /** Always accepted (202), whether or not the address has an account. */
    requestPasswordReset: build.mutation<null, { email: string }>({
      query: (body) => ({ url: '/auth/password/forgot', method: 'POST', body }),
    }),

    resetPassword: build.mutation<null, { token: string; password: string }>({
      query: (body) => ({ url: '/auth/password/reset', method: 'POST', body }),
    }),

    verifyEmail: build.mutation<null, { token: string }>({
      query: (body) => ({ url: '/auth/email/verify', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Session']),
    }),
  }),
});

export const {
  useSignUpMutation,
  useSignInMutation,
  useVerifyFactorMutation,
  useSignOutMutation,
  useGetSessionQuery,
  useEnrollFactorMutation,
  useUnenrollFactorMutation,
  useUseRecoveryCodeMutation,
  useRegenerateRecoveryCodesMutation,
  useChangePasswordMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useVerifyEmailMutation,
} = authApi;
