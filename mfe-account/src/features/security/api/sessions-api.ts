import type { EndedSessionsReply, ListSessionsReply } from '@coffer/contracts';
import { cofferApi } from '@coffer/web-core/store';

const SESSIONS = { type: 'Session', id: 'browsers' } as const;

/** The browsers the user is signed in on (Settings → Security), and signing them out. */
export const sessionsApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    listSessions: build.query<ListSessionsReply, void>({ query: () => '/auth/sessions', providesTags: [SESSIONS] }),
    endSession: build.mutation<{ ok: true }, string>({
      query: (id) => ({ url: `/auth/sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [SESSIONS],
    }),
    endOtherSessions: build.mutation<EndedSessionsReply, void>({
      query: () => ({ url: '/auth/sessions/sign-out-others', method: 'POST' }),
      invalidatesTags: [SESSIONS],
    }),
  }),
});

export const { useListSessionsQuery, useEndSessionMutation, useEndOtherSessionsMutation } = sessionsApi;
