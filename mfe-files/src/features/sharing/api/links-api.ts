import { cofferApi } from '@coffer/web-core/store';
import type {
  CreatedLink,
  CreateLinkInput,
  LinkItem,
  LinkPage,
  LinkZip,
  ListLinkAccessesReply,
  ListLinksReply,
  ShareLink,
  UpdateLinkInput,
} from '@coffer/contracts';

const LINKS = { type: 'Share' as const, id: 'LINKS' };

/** Links ("Anyone with the link"): the sharer's side, and the public page's (no sign-in, the token is the proof). */
export const linksApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    listLinks: build.query<ListLinksReply, string>({
      query: (fileId) => ({ url: '/links', params: { fileId } }),
      providesTags: [LINKS],
    }),
    createLink: build.mutation<CreatedLink, CreateLinkInput>({
      query: (body) => ({ url: '/links', method: 'POST', body }),
      invalidatesTags: [LINKS],
    }),
    updateLink: build.mutation<LinkItem, UpdateLinkInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/links/${id}`, method: 'PATCH', body }),
      invalidatesTags: [LINKS],
    }),
    revokeLink: build.mutation<void, string>({
      query: (id) => ({ url: `/links/${id}`, method: 'DELETE' }),
      invalidatesTags: [LINKS],
    }),
    linkAccesses: build.query<ListLinkAccessesReply, string>({
      query: (id) => ({ url: `/links/${id}/accesses` }),
      providesTags: [LINKS],
    }),
    /** The public page; with the password once the visitor gives it; a folder link's, of a folder inside it (its next page: `after`). A mutation: a person's first look is counted. */
    linkPage: build.mutation<LinkPage, { token: string; password?: string; folderId?: string; after?: string }>({
      query: ({ token, ...body }) => ({ url: `/public-links/${token}`, method: 'POST', body }),
    }),
    /** A View or Download from the public page (a folder link's: of one file in it): checked and counted; a download link good once. */
    openLink: build.mutation<ShareLink, { token: string; password?: string; disposition: 'inline' | 'attachment'; fileId?: string }>({
      query: ({ token, ...body }) => ({ url: `/public-links/${token}/open`, method: 'POST', body }),
    }),
    /** A folder link's Download all: checked and counted as one download; a zip download address good once. */
    zipLink: build.mutation<LinkZip, { token: string; password?: string }>({
      query: ({ token, ...body }) => ({ url: `/public-links/${token}/zip`, method: 'POST', body }),
    }),
  }),
});

export const {
  useListLinksQuery,
  useCreateLinkMutation,
  useUpdateLinkMutation,
  useRevokeLinkMutation,
  useLinkAccessesQuery,
  useLinkPageMutation,
  useOpenLinkMutation,
  useZipLinkMutation,
} = linksApi;
