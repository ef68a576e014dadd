import type { SaveSingleSignOnRequest, SingleSignOnReply, VerifySsoDomainRequest } from '@coffer/contracts';
import { cofferApi } from '@coffer/web-core/store';

const SSO = { type: 'Session', id: 'single-sign-on' } as const;

/** The account's single sign-on (owner and admins; Pro and Enterprise): never its client secret. */
export const singleSignOnSettingsApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    getSingleSignOn: build.query<SingleSignOnReply, void>({ query: () => '/sign-in-policy/sso', providesTags: [SSO] }),
    saveSingleSignOn: build.mutation<SingleSignOnReply, SaveSingleSignOnRequest>({
      query: (body) => ({ url: '/sign-in-policy/sso', method: 'PUT', body }),
      invalidatesTags: (_result, error) => (error ? [] : [SSO]),
    }),
    verifySsoDomain: build.mutation<SingleSignOnReply, VerifySsoDomainRequest>({
      query: (body) => ({ url: '/sign-in-policy/sso/verify', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [SSO]),
    }),
    removeSingleSignOn: build.mutation<SingleSignOnReply, void>({
      query: () => ({ url: '/sign-in-policy/sso', method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [SSO]),
    }),
  }),
});

export const { useGetSingleSignOnQuery, useSaveSingleSignOnMutation, useVerifySsoDomainMutation, useRemoveSingleSignOnMutation } = singleSignOnSettingsApi;
