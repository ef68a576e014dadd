import type { EndedSessionsReply, InviteMemberRequest, ListTeamReply, TeamMember } from '@coffer/contracts';
import { cofferApi } from '@coffer/web-core/store';

/** The account's team: its members and invitations. */
export const teamApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    listTeam: build.query<ListTeamReply, void>({ query: () => '/team', providesTags: ['Team'] }),
    inviteMember: build.mutation<TeamMember, InviteMemberRequest>({
      query: (body) => ({ url: '/team/invitations', method: 'POST', body }),
      invalidatesTags: ['Team'],
    }),
    removeMember: build.mutation<{ ok: true }, string>({
      query: (id) => ({ url: `/team/members/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Team', 'Roles'],
    }),
    /** Owners and admins: ends every session of a member (each of their browsers is signed out at once). */
    signMemberOut: build.mutation<EndedSessionsReply, string>({
      query: (id) => ({ url: `/team/members/${id}/sign-out`, method: 'POST' }),
    }),
  }),
});

export const { useListTeamQuery, useInviteMemberMutation, useRemoveMemberMutation, useSignMemberOutMutation } = teamApi;
