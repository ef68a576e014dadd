import { fetchBaseQuery, type BaseQueryApi, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { getAccessToken, getSession, refreshSession, settledRefresh } from '@coffer/web-core';
import { API_BASE_URL } from './api-base-url';

const fetchFromApi = fetchBaseQuery({
  baseUrl: API_BASE_URL,
  credentials: 'same-origin',
  prepareHeaders: (headers) => {
    const token = getAccessToken();
    if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

/** Routes whose 401 is an answer in itself (wrong password, no cookie), never a stale token. */
const SESSION_ROUTES = /^\/auth\/(sign-in|sign-up|sign-out|refresh|password\/(forgot|reset)|email\/verify)$/;

const urlOf = (args: string | FetchArgs) => (typeof args === 'string' ? args : args.url);

type SessionBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

/**
 * fetchBaseQuery plus the session: sends the access token as a Bearer header and,
 * when a signed-in call gets a 401 (the token expired, or the user's account or
 * role changed since it was issued), refreshes once (shared by every call that
 * failed meanwhile) and retries; `onRenewed` then runs, for what the cache holds
 * of the account to be fetched again. If the refresh is refused the session has
 * ended and says signed out.
 */
export function sessionBaseQuery(onRenewed: (api: BaseQueryApi) => void): SessionBaseQuery {
  return async (args, api, extraOptions) => {
    // A call made while the page is still restoring its session waits for the token.
    if (!getAccessToken()) await settledRefresh();
    const sentWith = getAccessToken();
    const result = await fetchFromApi(args, api, extraOptions);
    if (result.error?.status !== 401 || !sentWith || SESSION_ROUTES.test(urlOf(args))) return result;
    if (getSession().status !== 'signed-in') return result;

    const current = getAccessToken();
    // Another call refreshed while this one was under way: its token is already new.
    if (current && current !== sentWith) return fetchFromApi(args, api, extraOptions);
    const outcome = await refreshSession();
    if (outcome !== 'refreshed') return result;
    onRenewed(api);
    return fetchFromApi(args, api, extraOptions);
  };
}
