import { previewKindOf, readTextHead } from './preview';

const playsEverything = () => true;
const playsNothing = () => false;

describe('previewKindOf', () => {
  it.each([
    ['image/png', 'image'],
    ['image/jpeg', 'image'],
    ['image/svg+xml', 'image'],
    ['application/pdf', 'pdf'],
    ['text/plain', 'text'],
    ['text/plain; charset=utf-8', 'text'],
    ['text/html', 'text'],
    ['text/csv', 'text'],
    ['application/json', 'text'],
    ['application/ld+json', 'text'],
    ['video/mp4', 'video'],
    ['audio/mpeg', 'audio'],
  ])('%s previews as %s', (mime, kind) => {
    expect(previewKindOf(mime, playsEverything)).toBe(kind);
  });

  it.each(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip', 'application/octet-stream', 'image/tiff', 'image/heic'])(
    '%s is downloaded instead',
    (mime) => {
      expect(previewKindOf(mime, playsEverything)).toBeNull();
    },
  );

  it('downloads video and audio the browser cannot play', () => {
    expect(previewKindOf('video/x-msvideo', playsNothing)).toBeNull();
    expect(previewKindOf('audio/x-ms-wma', playsNothing)).toBeNull();
  });
});

describe('readTextHead', () => {
  const body = (...chunks: string[]) =>
    new Response(
      new ReadableStream({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
          controller.close();
        },
      }),
    );

  it('reads a short body whole', async () => {
    await expect(readTextHead(body('héllo ', 'wörld'), 100)).resolves.toEqual({ text: 'héllo wörld', truncated: false });
  });

  it('stops at the limit and says so', async () => {
    await expect(readTextHead(body('abcdef', 'ghij'), 8)).resolves.toEqual({ text: 'abcdefgh', truncated: true });
  });

  it('drops a character cut in two at the limit', async () => {
    // "é" is two bytes: a limit of 2 leaves "a" and half of it.
    await expect(readTextHead(body('aé'), 2)).resolves.toEqual({ text: 'a', truncated: true });
  });

  it('keeps a body exactly at the limit whole', async () => {
    await expect(readTextHead(body('abcd'), 4)).resolves.toEqual({ text: 'abcd', truncated: false });
  });
});
