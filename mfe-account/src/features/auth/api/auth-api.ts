import {
  isConfirmationRequired,
  isMfaRequired,
  startSecondFactorStep,
  startSession,
  type IssuedSession,
  type SessionUser,
  type SignInReply,
  type SignInRequest,
  type SignUpReply,
  type SignUpRequest,
} from '@coffer/web-core';
import { cofferApi } from '@coffer/web-core/store';
import { ErrorCode, signInChallengeSchema, solveSignInChallenge, type SignInChallenge } from '@coffer/contracts';
import { TWO_FACTOR_TAGS } from '../../../api/two-factor-api';

type BaseQueryError = { status: unknown; data?: unknown } | undefined;

/** A sign-in refused until a proof of work is solved: the challenge to solve, else undefined. */
function challengeOf(error: BaseQueryError): SignInChallenge | undefined {
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

/**
 * Signing up and in (with a code or a recovery code at the second step), the
 * password reset and the email confirmation (`/api/auth/*`). Each call that
 * issues a session hands it to the session runtime before it resolves, so the
 * session already says signed in when the caller navigates.
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
  useUseRecoveryCodeMutation,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useVerifyEmailMutation,
} = authApi;
