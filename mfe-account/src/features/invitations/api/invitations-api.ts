import { refreshSession } from '@coffer/web-core';
import { ACCOUNT_TAGS, cofferApi } from '@coffer/web-core/store';
import type { ListInvitationsReply } from '@coffer/contracts';

/** After joining or leaving, the session's token names the old account: renew it, then fetch everything of the account again. */
async function afterMembershipChange(dispatch: (action: unknown) => unknown, queryFulfilled: Promise<unknown>) {
  try {
    await queryFulfilled;
  } catch {
    return;
  }
  await refreshSession();
  dispatch(cofferApi.util.invalidateTags(ACCOUNT_TAGS));
}

/** Invitations to the signed-in user's own address: Join and Decline are decided by the server. */
export const invitationsApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    listInvitations: build.query<ListInvitationsReply, void>({ query: () => '/invitations', providesTags: ['Invitation'] }),
    joinInvitation: build.mutation<{ ok: true }, string>({
      query: (id) => ({ url: `/invitations/${id}/join`, method: 'POST' }),
      onQueryStarted: (_id, { dispatch, queryFulfilled }) => afterMembershipChange(dispatch, queryFulfilled),
    }),
    declineInvitation: build.mutation<{ ok: true }, string>({
      query: (id) => ({ url: `/invitations/${id}/decline`, method: 'POST' }),
      invalidatesTags: ['Invitation'],
    }),
    leaveTeam: build.mutation<{ ok: true }, void>({
      query: () => ({ url: '/team/leave', method: 'POST' }),
      onQueryStarted: (_none, { dispatch, queryFulfilled }) => afterMembershipChange(dispatch, queryFulfilled),
    }),
  }),
});

export const { useListInvitationsQuery, useJoinInvitationMutation, useDeclineInvitationMutation, useLeaveTeamMutation } = invitationsApi;
