import sharp from 'sharp';
import { THUMBNAIL_SIZE } from '@coffer/contracts';
import { MAX_PDF_SOURCE_BYTES, PDF_MIME_TYPE, pdfThumbnailOf } from './thumbnail-pdf.js';

// One libvips thread and no cache: thumbnails run beside uploads and lists on a small machine, never in their way.
sharp.concurrency(1);
sharp.cache(false);

/** The types a thumbnail is made of (sharp's prebuilt libvips reads these; HEIC's decoder is not in it). */
export const THUMBNAIL_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
/** The largest image a thumbnail is made of: more pixels are refused before decoding (a decompression bomb). */
export const MAX_THUMBNAIL_PIXELS = 50_000_000;
/** The largest stored file a thumbnail is made of (read whole into memory). */
export const MAX_THUMBNAIL_SOURCE_BYTES = 64 * 1024 * 1024;
/** How long one thumbnail may take. */
const THUMBNAIL_SECONDS = 10;
/** What a thumbnail is stored as. */
export const THUMBNAIL_MIME_TYPE = 'image/webp';
/** Where the thumbnail of a stored object is kept: beside it, so whatever removes an object can remove its thumbnail. */
export const thumbnailKeyOf = (storagePath: string) => `${storagePath}.thumbnail.webp`;

const baseTypeOf = (mimeType: string) => mimeType.toLowerCase().split(';')[0].trim();

/** Whether a file of this type gets a thumbnail (an image's, or a PDF's first page). */
export function takesThumbnail(mimeType: string): boolean {
  const type = baseTypeOf(mimeType);
  return THUMBNAIL_TYPES.has(type) || type === PDF_MIME_TYPE;
}

/** The largest stored file of this type a thumbnail is made of: a larger one keeps its icon. */
export function maxThumbnailSourceBytes(mimeType: string): number {
  return baseTypeOf(mimeType) === PDF_MIME_TYPE ? MAX_PDF_SOURCE_BYTES : MAX_THUMBNAIL_SOURCE_BYTES;
}

/** The thumbnail of a stored file of this type: its first page for a PDF, else the image's. */
export function thumbnailOfFile(mimeType: string, bytes: Uint8Array): Promise<Buffer> {
  return baseTypeOf(mimeType) === PDF_MIME_TYPE ? pdfThumbnailOf(bytes) : thumbnailOf(bytes);
}

/**
 * A WebP of at most THUMBNAIL_SIZE px on its longer side (never enlarged, turned as its EXIF says), of an
 * image's first frame. Throws for what is not an image, a damaged one, one over MAX_THUMBNAIL_PIXELS (told
 * by its header, before anything is decoded), or one that takes longer than THUMBNAIL_SECONDS.
 */
export async function thumbnailOf(bytes: Uint8Array): Promise<Buffer> {
  const options = { limitInputPixels: MAX_THUMBNAIL_PIXELS, failOn: 'error' as const };
  const { width, height } = await sharp(bytes, options).metadata();
  if (!width || !height) throw new Error('The image has no size');
  if (width * height > MAX_THUMBNAIL_PIXELS) throw new Error(`The image is too large for a thumbnail (${width} x ${height})`);
  return sharp(bytes, options)
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .timeout({ seconds: THUMBNAIL_SECONDS })
    .toBuffer();
}
