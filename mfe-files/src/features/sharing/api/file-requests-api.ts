import { cofferApi } from '@coffer/web-core/store';
import type {
  CreatedFileRequest,
  CreateFileRequestInput,
  FileRequestPage,
  ListFileRequestsReply,
  NewUpload,
  ReceivedFile,
  UploadPartsReply,
} from '@coffer/contracts';

const REQUESTS = { type: 'Share' as const, id: 'FILE_REQUESTS' };

/** File requests: the maker's side, and the public page's (no sign-in, the token is the proof). */
export const fileRequestsApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    listFileRequests: build.query<ListFileRequestsReply, void>({ query: () => '/file-requests', providesTags: [REQUESTS] }),
    createFileRequest: build.mutation<CreatedFileRequest, CreateFileRequestInput>({
      query: (body) => ({ url: '/file-requests', method: 'POST', body }),
      invalidatesTags: [REQUESTS],
    }),
    revokeFileRequest: build.mutation<void, string>({
      query: (id) => ({ url: `/file-requests/${id}`, method: 'DELETE' }),
      invalidatesTags: [REQUESTS],
    }),
    fileRequestPage: build.query<FileRequestPage, string>({ query: (token) => `/public-file-requests/${token}` }),
    startRequestUpload: build.mutation<NewUpload, { token: string; name: string; size: number; mimeType: string }>({
      query: ({ token, ...body }) => ({ url: `/public-file-requests/${token}/uploads`, method: 'POST', body }),
    }),
    requestUploadParts: build.mutation<UploadPartsReply, { token: string; uploadId: string; partNumbers: number[] }>({
      query: ({ token, uploadId, partNumbers }) => ({
        url: `/public-file-requests/${token}/uploads/${uploadId}/parts`,
        method: 'POST',
        body: { partNumbers },
      }),
    }),
    cancelRequestUpload: build.mutation<void, { token: string; uploadId: string }>({
      query: ({ token, uploadId }) => ({ url: `/public-file-requests/${token}/uploads/${uploadId}`, method: 'DELETE' }),
    }),
    completeRequestUpload: build.mutation<ReceivedFile, { token: string; uploadId: string }>({
      query: ({ token, uploadId }) => ({ url: `/public-file-requests/${token}/uploads/${uploadId}/complete`, method: 'POST' }),
    }),
  }),
});

export const {
  useListFileRequestsQuery,
  useCreateFileRequestMutation,
  useRevokeFileRequestMutation,
  useFileRequestPageQuery,
  useStartRequestUploadMutation,
  useRequestUploadPartsMutation,
  useCancelRequestUploadMutation,
  useCompleteRequestUploadMutation,
} = fileRequestsApi;
