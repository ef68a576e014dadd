/** The bytes did not reach storage. */
export class UploadTransferError extends Error {
  constructor(message = 'The file could not be sent. Please check your connection and try again.') {
    super(message);
    this.name = 'UploadTransferError';
  }
}

/**
 * PUTs a file straight to its presigned storage URL with exactly the headers the
 * slot names, reporting progress (0–100). XMLHttpRequest, because fetch cannot
 * report upload progress.
 */
export function putBytes(url: string, headers: Record<string, string>, file: Blob, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else {
        reject(new UploadTransferError(`Storage refused the file (HTTP ${xhr.status}).`));
      }
    };
    xhr.onerror = () => reject(new UploadTransferError());
    xhr.onabort = () => reject(new UploadTransferError('The upload was cancelled.'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
