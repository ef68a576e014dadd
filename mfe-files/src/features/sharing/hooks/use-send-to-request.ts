import { useCallback } from 'react';
import { isMultipartUpload } from '@coffer/contracts';
import { putBytes, sendParts } from '@coffer/web-core/upload';
import {
  useCancelRequestUploadMutation,
  useCompleteRequestUploadMutation,
  useRequestUploadPartsMutation,
  useStartRequestUploadMutation,
} from '../api/file-requests-api';

/**
 * Sends one file through a file request, reporting progress (0–100): one PUT, or a big file's parts in
 * parallel (each retried). A big file that stops for good is cancelled, so its parts and the size it
 * reserved on the maker's account are not left behind.
 */
export function useSendToRequest(token: string) {
  const [startUpload] = useStartRequestUploadMutation();
  const [partUrls] = useRequestUploadPartsMutation();
  const [cancelUpload] = useCancelRequestUploadMutation();
  const [completeUpload] = useCompleteRequestUploadMutation();

  return useCallback(
    async (file: File, onProgress: (percent: number) => void) => {
      const upload = await startUpload({ token, name: file.name, size: file.size, mimeType: file.type || 'application/octet-stream' }).unwrap();
      if (!isMultipartUpload(upload)) {
        await putBytes(upload.url, upload.headers, file, onProgress);
      } else {
        try {
          await sendParts(file, upload, {
            partUrls: async (partNumbers) => (await partUrls({ token, uploadId: upload.uploadId, partNumbers }).unwrap()).parts,
            onProgress,
          });
        } catch (error) {
          await cancelUpload({ token, uploadId: upload.uploadId }).catch(() => undefined);
          throw error;
        }
      }
      return completeUpload({ token, uploadId: upload.uploadId }).unwrap();
    },
    [token, startUpload, partUrls, cancelUpload, completeUpload],
  );
}
