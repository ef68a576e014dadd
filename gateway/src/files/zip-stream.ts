import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { crc32 } from '@node-rs/crc32';
import { RpcException } from '@nestjs/microservices';
import { ZipFile } from 'yazl';
import { isRpcErrorBody, type RpcErrorBody, type ZipEntries, type ZipEntry } from '@coffer/contracts';

// yazl checksums every byte with buffer-crc32, in JavaScript: about 75 MB/s here, a quarter of what storage reads. Its
// copy of that module is given a native CRC-32 with SIMD (the same checksum): 0.17 s of CPU per GB here, against 0.35 s
// for zlib's, and the CPU a zip spends is what it loses against reading storage directly when the machine is busy.
const yazlCrc32 = createRequire(createRequire(import.meta.url).resolve('yazl'))('buffer-crc32') as {
  unsigned: (chunk: Buffer, previous?: number | null) => number;
};
yazlCrc32.unsigned = (chunk, previous) => crc32(chunk, previous ?? 0) >>> 0;

/** Where a zip's entries come from: a page of the selection (no `folderId`) or of a folder in it. */
export type ZipPages = (folderId: string | undefined, after: string | undefined) => Promise<ZipEntries>;
/** One entry as it goes in the zip: its path (a folder's ends with "/") and what it is. */
export interface ZipItem {
  path: string;
  entry: ZipEntry;
}

/** How many files the zip has queued ahead of the one it is reading (their pages are read as it goes). */
const FILES_AHEAD = 32;

/** A name as one component of a zip path: no separators, no "." or "..", no control characters (names are otherwise kept as they are). */
export function zipName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const safe = name.replace(/[/\\\u0000-\u001f]/g, '_').trim();
  return safe === '' || safe === '.' || safe === '..' ? '_' : safe;
}

/** `name`, or "name (1).ext" (a folder: "name (1)") when `used` (case-insensitively, as Windows and macOS compare) has it. */
export function uniqueName(used: Set<string>, name: string, isFolder: boolean): string {
  let candidate = name;
  const dot = isFolder ? -1 : name.lastIndexOf('.');
  const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 1; used.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${ext}`;
  used.add(candidate.toLowerCase());
  return candidate;
}

/**
 * Every entry of a zip, depth first, with its path: folders inside folders as paths, each folder (empty ones too)
 * as an entry of its own, names made unique in their folder. A folder that can no longer be read (trashed,
 * closed to the person meanwhile) is left with what was read of it.
 */
export async function* zipItems(pages: ZipPages, folderId?: string, prefix = ''): AsyncGenerator<ZipItem> {
  const used = new Set<string>();
  let after: string | undefined;
  do {
    let page: ZipEntries;
    try {
      page = await pages(folderId, after);
    } catch (err) {
      if (folderId && isRefusal(err)) return;
      throw err;
    }
    for (const entry of page.entries) {
      const path = prefix + uniqueName(used, zipName(entry.name), entry.isFolder);
      if (!entry.isFolder) {
        yield { path, entry };
        continue;
      }
      yield { path: `${path}/`, entry };
      yield* zipItems(pages, entry.id, `${path}/`);
    }
    after = page.next ?? undefined;
  } while (after);
}

const isRefusal = (err: unknown) =>
  err instanceof RpcException && isRpcErrorBody(err.getError()) && [403, 404].includes((err.getError() as RpcErrorBody).status);

/** Reads an object from storage by its (server-side) URL: the bytes as they arrive, with backpressure. */
export function readStored(url: string): Promise<Readable> {
  const get = url.startsWith('https:') ? httpsGet : httpGet;
  return new Promise((resolve, reject) => {
    get(url, (res: IncomingMessage) => {
      if (res.statusCode === 200) return resolve(res);
      res.resume();
      reject(new Error(`Storage answered ${res.statusCode} for a zip entry`));
    }).on('error', reject);
  });
}

/** A file queued in a zip: its storage read once opened (ahead of time, or when the zip reaches it). */
interface QueuedFile {
  url: string;
  reached: boolean;
  opened?: Promise<Readable>;
}

/** How many files' storage reads are opened ahead of the one being zipped, so the next file's bytes are on their way when it ends. */
export const FILES_OPENED_AHEAD = 2;

/**
 * A zip of `items`, streamed as it is read: stored (no compression: most of what a business keeps is compressed
 * already, and a zip then goes as fast as storage reads), ZIP64 where sizes, offsets or the count need it, UTF-8 names.
 * Only FILES_AHEAD files are queued ahead of the one being read, and only FILES_OPENED_AHEAD of them have their storage
 * read opened early (without it, each file waited for storage to answer before its first byte). An opened read that
 * is not reached yet is paused: it holds only its stream's and socket's buffers, and storage waits (backpressure). The
 * output waits for its reader, so memory stays flat whatever the zip's size.
 */
export function zipStream(items: AsyncIterable<ZipItem>, open: (url: string) => Promise<Readable> = readStored): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as unknown as Readable;
  const source = items[Symbol.asyncIterator]();
  /** Files queued in the zip and not reached yet, in the zip's order, each with its storage read once opened. */
  const waiting: QueuedFile[] = [];
  const reads = new Set<Readable>();
  let queued = 0;
  let done = false;
  let feeding = false;
  const fail = (err: unknown) => {
    if (output.destroyed) return;
    done = true;
    output.destroy(err instanceof Error ? err : new Error(String(err)));
  };
  /** A read opened ahead that failed or was cut while it waited (storage closes a read left idle too long): opened again when reached. */
  const forget = (file: QueuedFile, opened: Promise<Readable>) => {
    if (!file.reached && file.opened === opened) file.opened = undefined;
  };
  const openRead = (file: QueuedFile): Promise<Readable> => {
    const opened: Promise<Readable> = open(file.url).then((stream) => {
      // Stopped meanwhile: nobody will read it.
      if (output.destroyed) stream.destroy();
      reads.add(stream);
      // A storage read cut short while the zip reads it fails the zip (yazl listens to none of its streams' errors).
      stream.once('error', (err) => (file.reached ? fail(err) : forget(file, opened))).once('close', () => reads.delete(stream));
      return stream;
    });
    opened.catch(() => forget(file, opened)); // reached, its failure is reported then
    return opened;
  };
  const openAhead = () => {
    for (const file of waiting.slice(0, FILES_OPENED_AHEAD)) file.opened ??= openRead(file);
  };
  // The download stopped (the reader went away, or a read failed): close every storage read still open.
  output.once('close', () => {
    done = true;
    for (const stream of reads) stream.destroy();
  });
  zip.on('error', fail);
  const feed = async () => {
    if (feeding || done) return;
    feeding = true;
    try {
      while (!done && queued < FILES_AHEAD) {
        const next = await source.next();
        if (next.done) {
          done = true;
          zip.end();
          break;
        }
        add(next.value);
      }
    } catch (err) {
      fail(err);
    } finally {
      feeding = false;
    }
  };
  const add = ({ path, entry }: ZipItem) => {
    const mtime = new Date(entry.modifiedAt);
    if (entry.isFolder) return zip.addEmptyDirectory(path, { mtime });
    queued++;
    const file: QueuedFile = { url: entry.url!, reached: false };
    waiting.push(file);
    zip.addReadStreamLazy(path, { size: entry.size, compress: false, mtime }, (ready) => {
      queued--;
      // yazl reaches its files in the order they were added: this one is the first waiting.
      waiting.shift();
      file.reached = true;
      const opened = file.opened ?? openRead(file);
      openAhead();
      void feed();
      opened.then(
        (stream) => ready(null, stream),
        (err: Error) => ready(err, undefined as unknown as Readable),
      );
    });
    // Added while another file streams: opened now if it is one of the next ones.
    openAhead();
  };
  void feed();
  return output;
}
