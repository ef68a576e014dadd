import { cofferApi } from '@coffer/web-core/store';
import type { CreateShareInput, OkReply, ListShareAccessesReply, ListSharesReply, ShareDirection, ShareItem, ShareLink } from '@coffer/contracts';

/** The sharing API: make and list shares, and open a file shared with you (revoking one is in src/api/shares-api.ts). */
export const sharingApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    /** Shares made by or with the caller (of one file, by me), newest first, a page at a time (`next` leads on). */
    listShares: build.infiniteQuery<ListSharesReply, { direction: ShareDirection; fileId?: string }, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (page) => page.next },
      query: ({ queryArg: { direction, fileId }, pageParam }) => ({
        url: '/shares',
        params: { direction, ...(fileId ? { fileId } : {}), ...(pageParam ? { after: pageParam } : {}) },
      }),
      providesTags: (data) => [
        { type: 'Share', id: 'LIST' },
        ...(data?.pages ?? []).flatMap((page) => page.items.map((s) => ({ type: 'Share' as const, id: s.id }))),
      ],
    }),
    createShare: build.mutation<ShareItem, CreateShareInput>({
      query: (body) => ({ url: '/shares', method: 'POST', body }),
      invalidatesTags: [{ type: 'Share', id: 'LIST' }, 'Activity'],
    }),
    // A mutation: every open is checked against the share's restrictions and counted.
    shareLink: build.mutation<ShareLink, { shareId: string; disposition: 'inline' | 'attachment' }>({
      query: ({ shareId, disposition }) => ({ url: `/shares/${shareId}/link`, params: { disposition } }),
      invalidatesTags: (_reply, _error, { shareId }) => [{ type: 'Share', id: shareId }],
    }),
    /** A share's opens and downloads, for its sharer, newest first, a page at a time; live, since every access pushes a change to the share. */
    shareAccesses: build.infiniteQuery<ListShareAccessesReply, string, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (page) => page.next },
      query: ({ queryArg: shareId, pageParam }) => ({ url: `/shares/${shareId}/accesses`, params: pageParam ? { after: pageParam } : {} }),
      providesTags: (_reply, _error, shareId) => [{ type: 'Share', id: shareId }],
    }),
    /** Confirms the caller's address with a share email's link: the files shared with it list at once. */
    confirmAddress: build.mutation<OkReply, string>({
      query: (token) => ({ url: '/shares/confirm-address', method: 'POST', body: { token } }),
      invalidatesTags: [{ type: 'Share', id: 'LIST' }],
    }),
  }),
});

export const { useConfirmAddressMutation, useListSharesInfiniteQuery, useCreateShareMutation, useShareLinkMutation, useShareAccessesInfiniteQuery } =
  sharingApi;
