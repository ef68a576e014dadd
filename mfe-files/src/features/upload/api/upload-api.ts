import { cofferApi, FILE_CHANGE_TAGS } from '@coffer/web-core/store';
import type { CreateUploadInput, FileItem, ListUploadsReply, NewUpload, UploadPartsReply } from '@coffer/contracts';

/**
 * The API steps around the bytes: ask to upload (one presigned PUT, or a
 * multipart upload for a big file, with URLs for its parts), confirm the
 * object arrived, and the unfinished big uploads to resume or cancel.
 */
export const uploadApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    createUpload: build.mutation<NewUpload, CreateUploadInput>({
      query: (body) => ({ url: '/uploads', method: 'POST', body }),
      invalidatesTags: ['Upload'],
    }),
    uploadParts: build.mutation<UploadPartsReply, { uploadId: string; partNumbers: number[] }>({
      query: ({ uploadId, partNumbers }) => ({ url: `/uploads/${uploadId}/parts`, method: 'POST', body: { partNumbers } }),
    }),
    completeUpload: build.mutation<FileItem, string>({
      query: (uploadId) => ({ url: `/uploads/${uploadId}/complete`, method: 'POST' }),
      invalidatesTags: [...FILE_CHANGE_TAGS, 'Upload'],
    }),
    cancelUpload: build.mutation<void, string>({
      query: (uploadId) => ({ url: `/uploads/${uploadId}`, method: 'DELETE' }),
      invalidatesTags: ['Upload', 'Storage'],
    }),
    listUploads: build.query<ListUploadsReply, void>({
      query: () => '/uploads',
      providesTags: ['Upload'],
    }),
  }),
});

export const {
  useCreateUploadMutation,
  useUploadPartsMutation,
  useCompleteUploadMutation,
  useCancelUploadMutation,
  useListUploadsQuery,
  useLazyListUploadsQuery,
} = uploadApi;
