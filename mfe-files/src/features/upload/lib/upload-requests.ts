import { useEffect, useRef } from 'react';
import type { PickedFiles } from './picked-files';

/** Files (and folders) dropped on a file list, to upload into the folder it shows. */
export interface UploadRequest {
  folderId: string;
  picked: PickedFiles;
}

type Listener = (request: UploadRequest) => void;
const listeners = new Set<Listener>();

/** Hands dropped files to the uploads that run in the top bar (they go on while the person moves between folders). */
export function requestUpload(request: UploadRequest): void {
  for (const listener of listeners) listener(request);
}

/** Receives the files dropped on any file list (the top bar's Upload does, once). */
export function useUploadRequests(onRequest: Listener): void {
  const latest = useRef(onRequest);
  useEffect(() => {
    latest.current = onRequest;
  });
  useEffect(() => {
    const listener: Listener = (request) => latest.current(request);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}
