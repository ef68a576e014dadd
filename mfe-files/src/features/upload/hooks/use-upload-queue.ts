import { useEffect, useRef, useState } from 'react';
import { fileTooLarge, isMultipartUpload, type MultipartUpload, type NewUpload, type OnExisting } from '@coffer/contracts';
import { toApiError } from '@coffer/web-core/store';
import { putBytes, sendParts } from '@coffer/web-core/upload';
import {
  useCancelUploadMutation,
  useCompleteUploadMutation,
  useCreateUploadMutation,
  useLazyListUploadsQuery,
  useUploadPartsMutation,
} from '../api/upload-api';

export interface ChosenFile {
  key: string;
  file: File;
  progress: number;
  /** `waiting`: in an upload under way, for its turn (UPLOADS_AT_ONCE are sent at once). */
  status: 'ready' | 'waiting' | 'uploading' | 'done' | 'failed';
  error?: string;
  /** The unfinished upload of this file the server holds: sending it resumes from the parts stored. */
  resumes?: MultipartUpload;
}

/** How many files are sent at once; the others wait their turn (a drop of 500 files opens 4 transfers, not 500). */
export const UPLOADS_AT_ONCE = 4;

/** What the user stopped on purpose: not a failure to report. */
class Cancelled extends Error {}

let nextKey = 0;

/** The same file as an unfinished upload: same name and size, and the same last change when the upload knows it. */
const sameFile = (file: File, upload: MultipartUpload) =>
  upload.name === file.name && upload.size === file.size && (upload.lastModified === null || upload.lastModified === file.lastModified);

/** How much of an unfinished upload the store holds, in percent. */
export const storedPercent = (upload: MultipartUpload) =>
  Math.floor((Math.min(upload.size, upload.uploadedParts.length * upload.partSize) * 100) / Math.max(1, upload.size));

/**
 * The files chosen in the upload dialog and their transfers: each is one PUT,
 * or for a big file parts sent in parallel, UPLOADS_AT_ONCE files at a time; a
 * transfer that failed is resumed by sending again, and one can be cancelled
 * (the server then keeps nothing).
 */
export function useUploadQueue(maxFileBytes: number) {
  const [chosen, setChosen] = useState<ChosenFile[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const transfers = useRef(new Map<string, { controller: AbortController; uploadId?: string }>());
  // The files taken off the list and the upload cancelled: a file waiting its turn is then not sent.
  const removed = useRef(new Set<string>());
  const run = useRef({ cancelled: false });
  const [createUpload] = useCreateUploadMutation();
  const [uploadParts] = useUploadPartsMutation();
  const [completeUpload] = useCompleteUploadMutation();
  const [cancelUpload] = useCancelUploadMutation();
  const [listUploads] = useLazyListUploadsQuery();

  // Leaving the page mid-upload asks first (a big file resumes later, but only if chosen again).
  useEffect(() => {
    if (!uploading) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [uploading]);

  const update = (key: string, change: Partial<ChosenFile>) => setChosen((current) => current.map((c) => (c.key === key ? { ...c, ...change } : c)));

  /** Adds files, refusing those over the plan's largest file; one that an unfinished upload is of resumes it. */
  const add = (files: FileList | File[] | null, unfinished: MultipartUpload[]) => {
    if (!files) return;
    const tooLarge: string[] = [];
    const accepted: ChosenFile[] = [];
    for (const file of Array.from(files)) {
      if (file.size > maxFileBytes) {
        tooLarge.push(`${file.name}: ${fileTooLarge(maxFileBytes)}`);
        continue;
      }
      const resumes = unfinished.find((u) => sameFile(file, u));
      accepted.push({ key: `f${(nextKey += 1)}`, file, progress: resumes ? storedPercent(resumes) : 0, status: 'ready', resumes });
    }
    setRefused(tooLarge);
    setChosen((current) => [...current.filter((c) => c.status !== 'done'), ...accepted]);
  };

  /** The upload to continue: the unfinished one as the server holds it now, or a new one. */
  const begin = async (c: ChosenFile, folderId: string, onExisting?: OnExisting): Promise<NewUpload> => {
    if (c.resumes) {
      const held = (await listUploads(undefined, false).unwrap()).items.find((u) => u.uploadId === c.resumes!.uploadId);
      if (held) return held;
    }
    const { file } = c;
    return createUpload({
      name: file.name,
      size: file.size,
      mimeType: file.type || 'application/octet-stream',
      folderId,
      lastModified: file.lastModified,
      ...(onExisting && { onExisting }),
    }).unwrap();
  };

  const uploadOne = async (c: ChosenFile, folderId: string, onExisting?: OnExisting): Promise<void> => {
    const controller = new AbortController();
    const transfer: { controller: AbortController; uploadId?: string } = { controller };
    transfers.current.set(c.key, transfer);
    update(c.key, { status: 'uploading', error: undefined });
    const onProgress = (progress: number) => update(c.key, { progress });
    try {
      const upload = await begin(c, folderId, onExisting);
      transfer.uploadId = upload.uploadId;
      if (controller.signal.aborted) throw new Cancelled();
      if (isMultipartUpload(upload)) {
        // From here a failure resumes this upload: the parts stored stay.
        update(c.key, { resumes: upload });
        const partUrls = async (partNumbers: number[]) => (await uploadParts({ uploadId: upload.uploadId, partNumbers }).unwrap()).parts;
        await sendParts(c.file, upload, { partUrls, onProgress, signal: controller.signal });
      } else {
        await putBytes(upload.url, upload.headers, c.file, onProgress, controller.signal);
      }
      await completeUpload(upload.uploadId).unwrap();
      update(c.key, { status: 'done', progress: 100, resumes: undefined });
    } catch (error) {
      if (controller.signal.aborted) throw new Cancelled();
      const message = (error instanceof Error && !('status' in error) ? error.message : toApiError(error).message) ?? 'The file could not be uploaded.';
      update(c.key, { status: 'failed', error: message });
      throw new Error(message);
    } finally {
      transfers.current.delete(c.key);
    }
  };

  /**
   * Sends every file not sent yet (a failed one resumes) into `folderId`, or each into the folder `folderOf` says
   * (a folder upload's tree), replacing or keeping beside a file of the same name as `onExisting` says (by
   * lower-case name); resolves with how many arrived and the first failure.
   */
  const uploadAll = async (
    folderId: string,
    folderOf?: (c: ChosenFile) => string,
    onExisting?: ReadonlyMap<string, OnExisting>,
  ): Promise<{ uploaded: number; failure?: string }> => {
    const queue = chosen.filter((c) => c.status === 'ready' || c.status === 'failed');
    const queued = new Set(queue.map((c) => c.key));
    const thisRun = { cancelled: false };
    run.current = thisRun;
    setChosen((current) => current.map((c) => (queued.has(c.key) ? { ...c, status: 'waiting', error: undefined } : c)));
    setUploading(true);
    // UPLOADS_AT_ONCE senders, each taking the next file waiting as soon as its own has gone.
    const results: PromiseSettledResult<void>[] = [];
    let next = 0;
    const sender = async () => {
      while (next < queue.length) {
        const c = queue[(next += 1) - 1];
        if (thisRun.cancelled || removed.current.has(c.key)) results.push({ status: 'rejected', reason: new Cancelled() });
        else
          results.push(
            await uploadOne(c, folderOf?.(c) ?? folderId, onExisting?.get(c.file.name.toLowerCase())).then(
              (value) => ({ status: 'fulfilled', value }) as const,
              (reason: unknown) => ({ status: 'rejected', reason }) as const,
            ),
          );
      }
    };
    await Promise.all(Array.from({ length: Math.min(UPLOADS_AT_ONCE, queue.length) }, sender));
    setUploading(false);
    const failures = results.flatMap((r) => (r.status === 'rejected' && !(r.reason instanceof Cancelled) ? [(r.reason as Error).message] : []));
    return { uploaded: results.filter((r) => r.status === 'fulfilled').length, failure: failures[0] };
  };

  /**
   * Takes a file off the list. One being sent, or one whose big upload started
   * here, is cancelled: the transfer stops and the server drops what it holds.
   */
  const remove = (key: string) => {
    const c = chosen.find((x) => x.key === key);
    const transfer = transfers.current.get(key);
    removed.current.add(key);
    transfer?.controller.abort();
    const uploadId = transfer?.uploadId ?? (c && c.status !== 'ready' && c.status !== 'waiting' ? c.resumes?.uploadId : undefined);
    if (uploadId) void cancelUpload(uploadId);
    setChosen((current) => current.filter((x) => x.key !== key));
  };

  /** Cancels every transfer under way (the dialog's Cancel while uploading). */
  const cancelAll = () => {
    run.current.cancelled = true;
    for (const c of chosen) if (transfers.current.has(c.key)) remove(c.key);
  };

  const reset = () => {
    setChosen([]);
    setRefused([]);
  };

  return { chosen, refused, uploading, add, uploadAll, remove, cancelAll, reset };
}
