import { updateSessionInfo, type EnrolledFactor, type SessionInfo } from '@coffer/web-core';
import { cofferApi } from '@coffer/web-core/store';
import type { RecoveryCodes, TwoFactorProof } from '@coffer/contracts';
import { TWO_FACTOR_TAGS } from '../../../api/two-factor-api';

/** The security settings: the session's two-factor state, turning two-factor on and off, recovery codes, the password. */
export const securityApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
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

    /** New recovery codes for the current password or a code: the old ones stop working. */
    regenerateRecoveryCodes: build.mutation<RecoveryCodes, TwoFactorProof>({
      query: (body) => ({ url: '/auth/recovery-codes', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Session']),
    }),

    changePassword: build.mutation<null, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: '/auth/password/change', method: 'POST', body }),
    }),
  }),
});

export const { useGetSessionQuery, useEnrollFactorMutation, useUnenrollFactorMutation, useRegenerateRecoveryCodesMutation, useChangePasswordMutation } =
  securityApi;
