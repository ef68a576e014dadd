import { cofferApi } from '@coffer/web-core/store';
import type { FileItem, UploadSlot } from '@coffer/contracts';
import { FILES_CHANGED } from '../../../lib/files-api';

/** The two API steps around the bytes: ask for a presigned slot, then confirm the object arrived. */
export const uploadApi = cofferApi.injectEndpoints({
  endpoints: (build) => ({
    createUpload: build.mutation<UploadSlot, { name: string; size: number; mimeType: string; folderId: string }>({
      query: (body) => ({ url: '/uploads', method: 'POST', body }),
    }),
    completeUpload: build.mutation<FileItem, string>({
      query: (uploadId) => ({ url: `/uploads/${uploadId}/complete`, method: 'POST' }),
      invalidatesTags: FILES_CHANGED,
    }),
  }),
});

export const { useCreateUploadMutation, useCompleteUploadMutation } = uploadApi;
