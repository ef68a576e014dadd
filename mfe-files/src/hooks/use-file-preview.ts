import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@coffer/ui';
import { toApiError } from '@coffer/web-core/store';
import { downloadFile } from '../lib/open-link';
import { previewKindOf, readTextHead, type PreviewKind } from '../lib/preview';

/** A file "View" was chosen on, and how to reach its bytes. */
export interface PreviewTarget {
  name: string;
  mimeType: string;
  size?: number;
  /**
   * A URL that answers the file inline. Opaque, and possibly good for one
   * request only (a recipient's ticket): the preview asks for it once and
   * reads it once.
   */
  inlineUrl: () => Promise<string>;
  /** A URL that answers the file as an attachment (Download). */
  attachmentUrl: () => Promise<string>;
  /** The Share File dialog of the file, when the user may share it (the owner). */
  share?: () => void;
}

export type PreviewContent =
  | { status: 'loading' }
  /** An image, PDF (a blob: URL of the bytes read), video or audio to show. */
  | { status: 'ready'; src: string }
  | { status: 'text'; text: string; truncated: boolean }
  | { status: 'failed'; message: string };

export interface OpenPreview {
  target: PreviewTarget;
  kind: PreviewKind;
  content: PreviewContent;
}

const FAILED = 'Failed to view file';
/** "Opening file" says the click was taken, then goes: the preview (or its spinner) is on screen by then, and the toast would sit over its title or buttons on a phone. */
const OPENING_FILE_TOAST_MS = 1500;

/** The server's reason for refusing a file's bytes (the one error shape), else the status. */
async function refusal(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON (S3 answers XML): the status says enough.
  }
  return `${FAILED} (${response.status})`;
}

/**
 * The in-app preview: `view` opens a file in the preview dialog (images, PDF,
 * text, video and audio) or, for any other type, downloads it. Everything is
 * fetched from the click, not from an effect, so a URL is asked for and read
 * exactly once per View.
 */
export function useFilePreview() {
  const [preview, setPreview] = useState<OpenPreview | null>(null);
  // The View under way; a later View or a close makes an earlier one's answers stale.
  const current = useRef(0);
  const objectUrl = useRef<string | null>(null);

  const releaseObjectUrl = () => {
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
  };

  const close = useCallback(() => {
    current.current++;
    releaseObjectUrl();
    setPreview(null);
  }, []);

  useEffect(() => () => releaseObjectUrl(), []);

  const view = useCallback(async (target: PreviewTarget) => {
    const kind = previewKindOf(target.mimeType);
    if (!kind) {
      // Not something a browser shows: save it rather than open a blank tab.
      await downloadFile(target.attachmentUrl, target.name);
      return;
    }
    toast({ title: 'Opening file', duration: OPENING_FILE_TOAST_MS });
    const run = ++current.current;
    releaseObjectUrl();
    const show = (content: PreviewContent) => {
      if (run === current.current) setPreview({ target, kind, content });
    };
    show({ status: 'loading' });
    try {
      const url = await target.inlineUrl();
      if (run !== current.current) return;
      if (kind === 'image' || kind === 'video' || kind === 'audio') {
        // Given to the element as its src once; the browser reads it from there.
        show({ status: 'ready', src: url });
        return;
      }
      const response = await fetch(url, { cache: 'no-store', credentials: 'same-origin' });
      if (!response.ok) {
        show({ status: 'failed', message: await refusal(response) });
        return;
      }
      if (kind === 'text') {
        show({ status: 'text', ...(await readTextHead(response)) });
        return;
      }
      // A PDF is framed from its bytes, typed as PDF whatever the server said, so it can only open in the PDF viewer.
      const pdf = new Blob([await response.arrayBuffer()], { type: 'application/pdf' });
      if (run !== current.current) return;
      objectUrl.current = URL.createObjectURL(pdf);
      show({ status: 'ready', src: objectUrl.current });
    } catch (error) {
      show({ status: 'failed', message: toApiError(error).message ?? FAILED });
    }
  }, []);

  /** The shown image or media could not be drawn or played. */
  const mediaFailed = useCallback(() => {
    setPreview((open) => open && { ...open, content: { status: 'failed', message: 'This file could not be shown. Download it instead.' } });
  }, []);

  return { preview, view, close, mediaFailed };
}

export type FilePreview = ReturnType<typeof useFilePreview>;
