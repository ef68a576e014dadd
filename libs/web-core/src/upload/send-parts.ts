import { partBytes, PART_URLS_PER_REQUEST, type MultipartUpload, type UploadPartsReply } from '@coffer/contracts';
import { putBytes, UploadTransferError } from './put-bytes';

export type PartUrl = UploadPartsReply['parts'][number];

export interface SendPartsOptions {
  /** Asks the server for presigned URLs of these parts (at most 100). */
  partUrls: (partNumbers: number[]) => Promise<PartUrl[]>;
  /** Hears the share of the file stored so far (0–100), parts already stored included. */
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
  /** Parts sent at once: 6, the connections a browser opens to one host (S3's, not the app's). */
  parallel?: number;
  /** Tries of one part before the upload stops (to be resumed later). */
  attempts?: number;
  /** Waits before the next try of a part: grows with each failure. */
  retryDelayMs?: (failure: number) => number;
}

const defaultDelay = (failure: number) => Math.min(15_000, 500 * 2 ** failure);

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new UploadTransferError('The upload was cancelled.'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new UploadTransferError('The upload was cancelled.'));
      },
      { once: true },
    );
  });
}

function backOnline(signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const online = () => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    };
    const aborted = () => {
      window.removeEventListener('online', online);
      reject(new UploadTransferError('The upload was cancelled.'));
    };
    window.addEventListener('online', online, { once: true });
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

/**
 * Sends the parts of a multipart upload the store does not hold yet, several at
 * once, each straight to its presigned URL and retried with a growing pause
 * (a fresh URL each time: one may have run out). Stops at the first part that
 * fails every try; what was stored stays, so the upload resumes from there.
 */
export async function sendParts(file: Blob, upload: MultipartUpload, options: SendPartsOptions): Promise<void> {
  const { partUrls, onProgress, signal, parallel = 6, attempts = 5, retryDelayMs = defaultDelay } = options;
  const stored = new Set(upload.uploadedParts);
  const queue = Array.from({ length: upload.partCount }, (_, i) => i + 1).filter((n) => !stored.has(n));
  const sizeOf = (n: number) => partBytes(upload.size, upload.partSize, n);
  let storedBytes = upload.uploadedParts.reduce((sum, n) => sum + sizeOf(n), 0);
  const sending = new Map<number, number>();
  const report = () => {
    const inFlight = [...sending.values()].reduce((a, b) => a + b, 0);
    onProgress(upload.size === 0 ? 100 : Math.min(100, Math.floor(((storedBytes + inFlight) * 100) / upload.size)));
  };
  report();

  // URLs are asked for in batches, ahead of the parts that need them (one batch at a time);
  // a part tried again gets a fresh one of its own, as the first may have run out.
  const urls = new Map<number, string>((upload.parts ?? []).map((part) => [part.partNumber, part.url]));
  const fetchUrls = async (numbers: number[]) => {
    for (const part of await partUrls(numbers)) urls.set(part.partNumber, part.url);
  };
  let batch: Promise<void> | undefined;
  const urlOf = async (n: number, fresh: boolean) => {
    if (fresh) await fetchUrls([n]);
    if (!urls.has(n) && batch) await batch.catch(() => undefined);
    if (!urls.has(n)) {
      batch = fetchUrls([n, ...queue.filter((m) => !urls.has(m))].slice(0, PART_URLS_PER_REQUEST));
      try {
        await batch;
      } finally {
        batch = undefined;
      }
    }
    return urls.get(n)!;
  };

  const sendOne = async (n: number) => {
    const start = (n - 1) * upload.partSize;
    const bytes = file.slice(start, start + sizeOf(n));
    for (let failure = 0; ; failure++) {
      try {
        const url = await urlOf(n, failure > 0);
        await putBytes(
          url,
          {},
          bytes,
          (percent) => {
            sending.set(n, (sizeOf(n) * percent) / 100);
            report();
          },
          signal,
        );
        sending.delete(n);
        storedBytes += sizeOf(n);
        report();
        return;
      } catch (error) {
        sending.delete(n);
        report();
        if (signal?.aborted) throw error;
        // Offline: wait for the connection to come back, without using up a try.
        if (typeof navigator !== 'undefined' && !navigator.onLine) {
          await backOnline(signal);
          failure -= 1;
          continue;
        }
        if (failure + 1 >= attempts) throw error;
        await pause(retryDelayMs(failure), signal);
      }
    }
  };

  let failed: unknown;
  const worker = async () => {
    while (queue.length > 0 && failed === undefined) {
      const n = queue.shift()!;
      try {
        await sendOne(n);
      } catch (error) {
        failed ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, Math.max(1, queue.length)) }, worker));
  if (failed !== undefined) throw failed;
}
