import type { InviteMemberRequest, ListTeamReply, TeamMember } from '@coffer/contracts';
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
  }),
});

export const { useListTeamQuery, useInviteMemberMutation, useRemoveMemberMutation } = teamApi;
