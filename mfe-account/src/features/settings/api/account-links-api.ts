import type { ListAccountLinksReply } from '@coffer/contracts';
import { cofferApi } from '@coffer/web-core/store';

const ACCOUNT_LINKS = { type: 'Share', id: 'account-links' } as const;

/** Every active link and file request of the account (owner and admins, Settings → Permissions): pages, revoke, CSV export. */
export const accountLinksApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    listAccountLinks: build.query<ListAccountLinksReply, string | undefined>({
      query: (after) => (after ? `/account-links?after=${encodeURIComponent(after)}` : '/account-links'),
      providesTags: [ACCOUNT_LINKS],
    }),
    revokeAccountLink: build.mutation<void, { type: 'link' | 'file_request'; id: string }>({
      query: ({ type, id }) => ({ url: `/${type === 'link' ? 'links' : 'file-requests'}/${id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : [ACCOUNT_LINKS]),
    }),
    exportAccountLinks: build.mutation<Blob, void>({
      query: () => ({ url: '/account-links/export', responseHandler: (res) => (res.ok ? res.blob() : res.json()) }),
    }),
  }),
});

export const { useListAccountLinksQuery, useRevokeAccountLinkMutation, useExportAccountLinksMutation } = accountLinksApi;
