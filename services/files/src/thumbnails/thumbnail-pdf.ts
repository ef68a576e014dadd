import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { THUMBNAIL_SIZE } from '@coffer/contracts';

/** The type whose first page a thumbnail is made of. */
export const PDF_MIME_TYPE = 'application/pdf';
/**
 * The largest PDF a thumbnail is made of: a PDF is untrusted input that is read whole and parsed, and a
 * larger one keeps its icon (a long scanned document costs more to parse than its card is worth).
 */
export const MAX_PDF_SOURCE_BYTES = 32 * 1024 * 1024;
/** How long one PDF's first page may take; past it the thread rendering it is terminated. */
export const PDF_THUMBNAIL_SECONDS = 15;
/** The largest image inside the page that is decoded (pixels): a larger one is left out of the thumbnail. */
const MAX_PDF_IMAGE_PIXELS = 16_000_000;
/** The rendering thread's JavaScript heap (MB): a document that needs more ends that thread, not the service. */
const PDF_WORKER_HEAP_MB = 256;

const pdfjsDir = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/**
 * Runs in its own thread (a plain script: it is the same in the built service and in tests): renders page 1
 * of the PDF in workerData.bytes into a canvas of at most THUMBNAIL_SIZE px on its longer side, and posts its
 * RGBA pixels. Scripts (eval), fonts from the system and anything fetched are off: only the bytes are read.
 */
const RENDER_FIRST_PAGE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const pdfjs = await import(workerData.pdfjsUrl);
  const { createCanvas } = await import(workerData.canvasUrl);
  const document = await pdfjs.getDocument({
    data: workerData.bytes,
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    disableAutoFetch: true,
    disableStream: true,
    stopAtErrors: true,
    maxImageSize: workerData.maxImagePixels,
    standardFontDataUrl: workerData.standardFontDataUrl,
    cMapUrl: workerData.cMapUrl,
    cMapPacked: true,
    wasmUrl: workerData.wasmUrl,
    verbosity: 0,
  }).promise;
  const page = await document.getPage(1);
  const { width, height } = page.getViewport({ scale: 1 });
  if (!(width > 0 && height > 0)) throw new Error('The first page has no size');
  const viewport = page.getViewport({ scale: workerData.size / Math.max(width, height) });
  const canvas = createCanvas(Math.max(1, Math.min(workerData.size, Math.round(viewport.width))), Math.max(1, Math.min(workerData.size, Math.round(viewport.height))));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas, canvasContext: context, viewport, annotationMode: pdfjs.AnnotationMode.ENABLE }).promise;
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
  await document.destroy();
  parentPort.postMessage({ width: canvas.width, height: canvas.height, pixels });
})().catch((err) => parentPort.postMessage({ error: (err && err.name) || 'Error' }));
`;

/** Page 1's RGBA pixels, rendered in a thread of its own that is terminated past PDF_THUMBNAIL_SECONDS. */
function renderFirstPage(bytes: Uint8Array, seconds: number): Promise<{ width: number; height: number; pixels: Uint8ClampedArray }> {
  const require = createRequire(import.meta.url);
  const worker = new Worker(RENDER_FIRST_PAGE, {
    eval: true,
    workerData: {
      bytes,
      size: THUMBNAIL_SIZE,
      maxImagePixels: MAX_PDF_IMAGE_PIXELS,
      pdfjsUrl: pathToFileURL(join(pdfjsDir, 'legacy/build/pdf.mjs')).href,
      canvasUrl: pathToFileURL(require.resolve('@napi-rs/canvas')).href,
      standardFontDataUrl: join(pdfjsDir, 'standard_fonts') + '/',
      cMapUrl: join(pdfjsDir, 'cmaps') + '/',
      wasmUrl: join(pdfjsDir, 'wasm') + '/',
    },
    resourceLimits: { maxOldGenerationSizeMb: PDF_WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
    stdout: true,
    stderr: true,
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`The PDF took longer than ${seconds} s`));
      void worker.terminate();
    }, seconds * 1000);
    const done = () => {
      clearTimeout(timer);
      void worker.terminate();
    };
    worker.once('message', (result: { error?: string; width: number; height: number; pixels: Uint8ClampedArray }) => {
      done();
      // Only the error's name (PasswordException, InvalidPDFException…): never anything read from the document.
      if (result.error) reject(new Error(`The PDF could not be rendered (${result.error})`));
      else resolve(result);
    });
    worker.once('error', (err) => {
      done();
      reject(new Error(`The PDF's rendering thread stopped (${err.name})`));
    });
    worker.once('exit', () => {
      done();
      reject(new Error('The PDF rendering thread ended without a page'));
    });
  });
}

/**
 * A WebP of at most THUMBNAIL_SIZE px on its longer side of a PDF's first page (on white). Throws for what is
 * not a PDF, a damaged or encrypted one, or one whose page takes longer than `seconds` (its thread is ended).
 */
export async function pdfThumbnailOf(bytes: Uint8Array, { seconds = PDF_THUMBNAIL_SECONDS } = {}): Promise<Buffer> {
  const { width, height, pixels } = await renderFirstPage(bytes, seconds);
  return sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), { raw: { width, height, channels: 4 } })
    .webp({ quality: 75 })
    .toBuffer();
}
