import type { EndedSessionsReply, InviteMemberRequest, ListTeamReply, MemberStorage, RemoveMemberRequest, TeamMember } from '@coffer/contracts';
import { cofferApi } from '@coffer/web-core/store';

/** The account's team: its members and invitations. */
export const teamApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    listTeam: build.query<ListTeamReply, void>({ query: () => '/team', providesTags: ['Team'] }),
    /** Settings → Storage, for the owner and admins: the bytes in each person's My files. */
    memberStorage: build.query<MemberStorage, void>({ query: () => '/storage/members', providesTags: ['Storage', 'Team'] }),
    inviteMember: build.mutation<TeamMember, InviteMemberRequest>({
      query: (body) => ({ url: '/team/invitations', method: 'POST', body }),
      invalidatesTags: ['Team'],
    }),
    /** Withdraws an invitation, or removes a member, their files going to `filesTo` (the owner when not given). */
    removeMember: build.mutation<{ ok: true }, RemoveMemberRequest>({
      query: ({ id, filesTo }) => ({ url: `/team/members/${id}`, method: 'DELETE', params: filesTo ? { filesTo } : undefined }),
      invalidatesTags: ['Team', 'Roles'],
    }),
    /** Owners and admins: ends every session of a member (each of their browsers is signed out at once). */
    signMemberOut: build.mutation<EndedSessionsReply, string>({
      query: (id) => ({ url: `/team/members/${id}/sign-out`, method: 'POST' }),
    }),
  }),
});

export const { useListTeamQuery, useInviteMemberMutation, useRemoveMemberMutation, useSignMemberOutMutation, useMemberStorageQuery } = teamApi;
