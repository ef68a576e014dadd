import { cofferApi } from '@coffer/web-core/store';
import type { CreateShareInput, OkReply, ListShareAccessesReply, ListSharesReply, ShareDirection, ShareItem, ShareLink } from '@coffer/contracts';

/** The sharing API: make, list and revoke shares, and open a file shared with you. */
export const sharingApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    listShares: build.query<ListSharesReply, { direction: ShareDirection; fileId?: string }>({
      query: ({ direction, fileId }) => ({ url: '/shares', params: { direction, ...(fileId ? { fileId } : {}) } }),
      providesTags: (reply) => [{ type: 'Share', id: 'LIST' }, ...(reply?.items ?? []).map((s) => ({ type: 'Share' as const, id: s.id }))],
    }),
    createShare: build.mutation<ShareItem, CreateShareInput>({
      query: (body) => ({ url: '/shares', method: 'POST', body }),
      invalidatesTags: [{ type: 'Share', id: 'LIST' }, 'Activity'],
    }),
    revokeShare: build.mutation<void, string>({
      query: (shareId) => ({ url: `/shares/${shareId}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Share', id: 'LIST' }],
    }),
    // A mutation: every open is checked against the share's restrictions and counted.
    shareLink: build.mutation<ShareLink, { shareId: string; disposition: 'inline' | 'attachment' }>({
      query: ({ shareId, disposition }) => ({ url: `/shares/${shareId}/link`, params: { disposition } }),
      invalidatesTags: (_reply, _error, { shareId }) => [{ type: 'Share', id: shareId }],
    }),
    /** A share's opens and downloads, for its sharer; live, since every access pushes a change to the share. */
    shareAccesses: build.query<ListShareAccessesReply, string>({
      query: (shareId) => `/shares/${shareId}/accesses`,
      providesTags: (_reply, _error, shareId) => [{ type: 'Share', id: shareId }],
    }),
    /** Confirms the caller's address with a share email's link: the files shared with it list at once. */
    confirmAddress: build.mutation<OkReply, string>({
      query: (token) => ({ url: '/shares/confirm-address', method: 'POST', body: { token } }),
      invalidatesTags: [{ type: 'Share', id: 'LIST' }],
    }),
  }),
});

export const { useConfirmAddressMutation, useListSharesQuery, useCreateShareMutation, useRevokeShareMutation, useShareLinkMutation, useShareAccessesQuery } = sharingApi;
