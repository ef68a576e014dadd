import type { SsoLookupReply } from '@coffer/contracts';
import { startSession, type IssuedSession, type SessionUser } from '@coffer/web-core';
import { cofferApi } from '@coffer/web-core/store';

/** What the provider sent the browser back to /login with. */
export interface SsoAnswer {
  code?: string;
  state: string;
  iss?: string;
  error?: string;
  error_description?: string;
}

/** The provider's answer in the URL of /login, if this is one. */
export function ssoAnswerOf(params: URLSearchParams): SsoAnswer | undefined {
  const state = params.get('state');
  if (!state || !(params.has('code') || params.has('error'))) return undefined;
  const answer: SsoAnswer = { state };
  for (const key of ['code', 'iss', 'error', 'error_description'] as const) {
    const value = params.get(key);
    if (value) answer[key] = value;
  }
  return answer;
}

/** Single sign-on at /login: whether the typed email's domain has it, going to the provider, and coming back. */
export const singleSignOnApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    lookupSso: build.query<SsoLookupReply, string>({ query: (email) => ({ url: '/auth/sso/lookup', method: 'POST', body: { email } }) }),
    startSso: build.mutation<{ authorizationUrl: string }, { email: string; rememberMe: boolean }>({
      query: (body) => ({ url: '/auth/sso/start', method: 'POST', body }),
    }),
    finishSso: build.mutation<{ user: SessionUser }, SsoAnswer>({
      async queryFn(body, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: '/auth/sso/callback', method: 'POST', body });
        if (result.error) return { error: result.error };
        const session = result.data as IssuedSession;
        await startSession(session, { announce: true });
        return { data: { user: session.user } };
      },
    }),
  }),
});

export const { useLookupSsoQuery, useStartSsoMutation, useFinishSsoMutation } = singleSignOnApi;
