/** How the in-app preview shows a file; null: it cannot, so View downloads it. */
export type PreviewKind = 'image' | 'pdf' | 'text' | 'video' | 'audio';

/** The most of a text file the preview reads and shows (the rest is left unread). */
export const TEXT_PREVIEW_LIMIT = 1024 * 1024;

// Formats Chromium, Firefox and Safari all draw in an <img> (TIFF and HEIC are not among them).
const IMAGE = /^image\/(png|jpe?g|pjpeg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon|svg\+xml)$/;
// Text the preview shows as text (never as markup): plain text, logs, Markdown, source, JSON, XML.
const TEXT = /^(text\/.+|application\/(json|xml|x-ndjson|yaml|x-yaml|javascript|x-sh|sql)|[a-z]+\/[^;]*\+(json|xml))$/;

/**
 * The preview of a file of this mime type, or null. Video and audio count only
 * when this browser can play the format (`canPlay` asks a media element).
 */
export function previewKindOf(mimeType: string, canPlay: (mimeType: string) => boolean = browserCanPlay): PreviewKind | null {
  const mime = mimeType.split(';')[0].trim().toLowerCase();
  if (IMAGE.test(mime)) return 'image';
  if (mime === 'application/pdf') return 'pdf';
  if (TEXT.test(mime)) return 'text';
  if (mime.startsWith('video/') && canPlay(mime)) return 'video';
  if (mime.startsWith('audio/') && canPlay(mime)) return 'audio';
  return null;
}

function browserCanPlay(mimeType: string): boolean {
  if (typeof document === 'undefined') return false;
  const element = document.createElement(mimeType.startsWith('audio/') ? 'audio' : 'video');
  return element.canPlayType(mimeType) !== '';
}

/**
 * The first `limit` bytes of a response's body as UTF-8 text, and whether there
 * was more; the rest is not downloaded (the stream is cancelled).
 */
export async function readTextHead(response: Response, limit = TEXT_PREVIEW_LIMIT): Promise<{ text: string; truncated: boolean }> {
  if (!response.body) return { text: '', truncated: false };
  const reader = response.body.getReader();
  const decoder = new TextDecoder('utf-8');
  let text = '';
  let read = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const room = limit - read;
    if (value.byteLength > room) {
      text += decoder.decode(value.subarray(0, room), { stream: true });
      truncated = true;
      await reader.cancel();
      break;
    }
    read += value.byteLength;
    text += decoder.decode(value, { stream: true });
  }
  // A character cut at the limit is dropped rather than shown as U+FFFD.
  return { text: truncated ? text : text + decoder.decode(), truncated };
}
