import type { Readable, Writable } from 'node:stream';
import { crc32 } from '@node-rs/crc32';
import { RpcException } from '@nestjs/microservices';
import { isRpcErrorBody, type RpcErrorBody, type ZipEntries, type ZipEntry } from '@coffer/contracts';
import { PooledAnswer } from '@coffer/server-core/pooled-http';
import { readStored } from './stored-read.js';
import { centralRecord, dataDescriptor, endOfCentralDirectory, localHeader, type ZipRecord } from './zip-format.js';

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

/** An entry read from the items and not written yet; a file's storage read once opened (ahead of time, or when the zip reaches it). */
interface Queued extends ZipItem {
  reached: boolean;
  opened?: Promise<Readable>;
}

/** How many files' storage reads are opened ahead of the one being zipped, so the next file's bytes are on their way when it ends. */
export const FILES_OPENED_AHEAD = 2;
/** Central directory records are written in pieces of about this size. */
const DIRECTORY_PIECE = 64 * 1024;

/**
 * Writes the zip of `items` to `out` as it is read, and ends `out`; resolves once `out` finished, rejects (and stops
 * every storage read) when a read or a page fails or `out` closes first. Stored (no compression: most of what a
 * business keeps is compressed already, and a zip then goes as fast as storage reads), ZIP64 where sizes, offsets or
 * the count need it, UTF-8 names (zip-format.ts).
 *
 * Only FILES_AHEAD files are queued ahead of the one being read, and only FILES_OPENED_AHEAD of them have their storage
 * read opened early (without it, each file waited for storage to answer before its first byte). An opened read that
 * is not reached yet is paused: it holds only its stream's and socket's buffers, and storage waits (backpressure).
 * Each chunk of a file goes to `out` as storage's read gave it (no copy) and its read waits while `out` is full, so
 * memory stays flat whatever the zip's size. A chunk of a storage read (PooledAnswer) is given back to its read once `out` calls back
 * for it, so `out` must be done with a chunk by then (a socket, an HTTP response, a file is; a Writable that keeps
 * the chunks it is given must copy them).
 */
export async function zipTo(items: AsyncIterable<ZipItem>, out: Writable, open: (url: string) => Promise<Readable> = readStored): Promise<void> {
  const source = items[Symbol.asyncIterator]();
  /** Entries read and not written yet, in the zip's order. */
  const waiting: Queued[] = [];
  const reads = new Set<Readable>();
  let filesWaiting = 0;
  let sourceDone = false;
  let feeding = false;
  let fed: (() => void) | undefined;
  let failure: Error | undefined;
  let failed!: (err: Error) => void;
  /** Rejects once the zip failed: every wait below races it. */
  const stopped = new Promise<never>((_, reject) => (failed = reject));
  stopped.catch(() => undefined);
  const fail = (err: unknown) => {
    if (failure) return;
    failure = err instanceof Error ? err : new Error(String(err));
    for (const stream of reads) stream.destroy();
    failed(failure);
  };
  const until = <T>(promise: Promise<T>) => Promise.race([promise, stopped]);
  let finished = false;
  // The reader went away (or the response failed): every storage read still open is closed.
  out.once('close', () => finished || fail(new Error('The zip download was closed before its end')));
  out.once('error', fail);

  /** A read opened ahead that failed or was cut while it waited (storage closes a read left idle too long): opened again when reached. */
  const forget = (file: Queued, opened: Promise<Readable>) => {
    if (!file.reached && file.opened === opened) file.opened = undefined;
  };
  const openRead = (file: Queued): Promise<Readable> => {
    const opened: Promise<Readable> = open(file.entry.url!).then((stream) => {
      // Stopped meanwhile: nobody will read it.
      if (failure) stream.destroy();
      reads.add(stream);
      // A storage read cut short while the zip reads it fails the zip.
      stream.once('error', (err) => (file.reached ? fail(err) : forget(file, opened))).once('close', () => reads.delete(stream));
      return stream;
    });
    opened.catch(() => forget(file, opened)); // reached, its failure is reported then
    return opened;
  };
  const openAhead = () => {
    let files = 0;
    for (const queued of waiting) {
      if (queued.entry.isFolder) continue;
      if (files++ === FILES_OPENED_AHEAD) break;
      queued.opened ??= openRead(queued);
    }
  };
  const feed = async () => {
    if (feeding || sourceDone || failure) return;
    feeding = true;
    try {
      while (!failure && filesWaiting < FILES_AHEAD) {
        const next = await source.next();
        if (next.done) {
          sourceDone = true;
          break;
        }
        waiting.push({ ...next.value, reached: false });
        if (!next.value.entry.isFolder) {
          filesWaiting++;
          openAhead();
        }
        fed?.();
      }
    } catch (err) {
      fail(err);
    } finally {
      feeding = false;
      fed?.();
    }
  };

  let offset = 0;
  const write = (chunk: Buffer, done?: (err?: Error | null) => void) => {
    offset += chunk.length;
    return out.write(chunk, done);
  };
  const drained = () => (out.writableNeedDrain ? until(new Promise<void>((resolve) => out.once('drain', resolve))) : undefined);
  /** A file's bytes from its storage read: checksummed and written as they come, the read paused while `out` is full. */
  const copy = (stream: Readable, size: number) =>
    new Promise<number>((resolve, reject) => {
      let crc = 0;
      let copied = 0;
      const release = stream instanceof PooledAnswer ? stream : undefined;
      const resume = () => stream.resume();
      stream.on('data', (chunk: Buffer) => {
        crc = crc32(chunk, crc);
        copied += chunk.length;
        const more = write(chunk, release && ((err) => err || release.release(chunk)));
        if (!more) {
          stream.pause();
          out.once('drain', resume);
        }
      });
      stream.once('end', () =>
        copied === size ? resolve(crc >>> 0) : reject(new Error(`A zip entry's read gave ${copied} bytes where ${size} were expected`)),
      );
      stream.once('error', reject);
    });

  const records: ZipRecord[] = [];
  try {
    void feed();
    for (;;) {
      if (waiting.length === 0) {
        if (sourceDone) break;
        await until(new Promise<void>((resolve) => (fed = resolve)));
        fed = undefined;
        if (waiting.length === 0 && !feeding) void feed();
        continue;
      }
      const queued = waiting.shift()!;
      const { path, entry } = queued;
      const record: ZipRecord = { name: Buffer.from(path), isFolder: entry.isFolder, crc: 0, size: 0, offset, modifiedAt: new Date(entry.modifiedAt) };
      records.push(record);
      write(localHeader(record.name, record.isFolder, record.modifiedAt));
      if (!entry.isFolder) {
        filesWaiting--;
        queued.reached = true;
        const opened = queued.opened ?? openRead(queued);
        openAhead();
        void feed();
        const stream = await until(opened);
        await drained();
        record.crc = await until(copy(stream, entry.size));
        record.size = entry.size;
        write(dataDescriptor(record));
      }
      await drained();
    }
    const directoryOffset = offset;
    let piece: Buffer[] = [];
    let pieceSize = 0;
    for (const record of records) {
      const central = centralRecord(record);
      piece.push(central);
      pieceSize += central.length;
      if (pieceSize < DIRECTORY_PIECE) continue;
      write(Buffer.concat(piece, pieceSize));
      piece = [];
      pieceSize = 0;
      await drained();
    }
    if (pieceSize) write(Buffer.concat(piece, pieceSize));
    write(endOfCentralDirectory(records.length, directoryOffset, offset - directoryOffset));
    await until(new Promise<void>((resolve) => out.end(resolve)));
    finished = true;
  } catch (err) {
    fail(err);
    throw failure;
  }
}
