import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import type { ZipEntry } from '@coffer/contracts';
import { entriesOf } from '../../test/unzip.js';
import { zipItems, zipTo, type ZipPages } from './zip-stream.js';

/**
 * A zip past 4 GiB, with one entry past 4 GiB, as the real writer streams it, read back by two real readers: yauzl
 * and Info-ZIP's `unzip -t`. Nothing holds 4 GiB: the files' bytes are generated as they are read (long runs of
 * zeros with random blocks spread through them, so a checksum notices a byte out of place), and the zip is written
 * to a sparse file (its runs of zeros left as holes: a few MB on disk).
 */
const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
const at = '2026-11-27T12:00:00.000Z';

/** One generated file: `size` bytes in 1 MiB chunks, every `everyNth` chunk (and the last) random, the rest zeros. */
function generatedFile(size: number, everyNth: number) {
  const zeros = Buffer.alloc(MiB);
  let crc = 0;
  const stream = () => {
    let sent = 0;
    let index = 0;
    return new Readable({
      highWaterMark: MiB,
      read() {
        if (sent === size) return void this.push(null);
        const length = Math.min(MiB, size - sent);
        const chunk = index % everyNth === 0 || sent + length === size ? randomBytes(length) : zeros.subarray(0, length);
        crc = crc32(chunk, crc);
        sent += length;
        index++;
        this.push(chunk);
      },
    });
  };
  return { size, stream, crc: () => crc };
}

/** Writes a stream to a file, leaving each all-zero chunk as a hole. */
function sparseFile(file: string) {
  const fd = openSync(file, 'w');
  const zeros = Buffer.alloc(MiB);
  let position = 0;
  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (chunk.length > MiB || !chunk.equals(zeros.subarray(0, chunk.length))) writeSync(fd, chunk, 0, chunk.length, position);
      position += chunk.length;
      callback();
    },
    final(callback) {
      closeSync(fd);
      callback();
    },
  });
}

interface ReadEntry {
  path: string;
  size: number;
  compressedSize: number;
  crc: number;
  /** Of the bytes yauzl streams, for entries under 64 MiB (its 16 KB reads take a minute for 4 GiB: `unzip -t` checks that one). */
  read?: { crc: number; bytes: number };
}

/** Every entry as yauzl reads it from the file: the central directory's sizes and CRC-32, and the bytes of the smaller ones. */
async function readWithYauzl(file: string): Promise<ReadEntry[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, validateEntrySizes: true }, (err, opened) => (err ? reject(err) : resolve(opened))),
  );
  const entries: ReadEntry[] = [];
  try {
    for await (const entry of entriesOf(zip)) {
      const read = entry.uncompressedSize < 64 * MiB ? { crc: 0, bytes: 0 } : undefined;
      if (read) {
        const stream = await new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s))));
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          read.crc = crc32(chunk, read.crc);
          read.bytes += chunk.length;
        }
      }
      entries.push({ path: entry.fileName, size: entry.uncompressedSize, compressedSize: entry.compressedSize, crc: entry.crc32, read });
    }
    return entries;
  } finally {
    zip.close();
  }
}

describe('a zip past 4 GiB', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(path.join(tmpdir(), 'coffer-zip64-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is valid ZIP64: an entry past 4 GiB and entries after it, sizes and CRC-32s as two readers read them', async () => {
    const files = {
      'before.bin': generatedFile(3 * MiB + 17, 1),
      'Archive/huge.bin': generatedFile(4 * GiB + 5 * MiB + 3, 256),
      'Archive/after.bin': generatedFile(2 * MiB + 1, 1),
      'Über 名前.txt': generatedFile(11, 1),
    };
    const entry = (name: string, size: number, isFolder = false): ZipEntry => ({ id: name, name, isFolder, size, modifiedAt: at, url: name });
    const tree: Record<string, ZipEntry[]> = {
      top: [entry('before.bin', files['before.bin'].size), entry('Archive', 0, true), entry('Über 名前.txt', 11)],
      Archive: [entry('huge.bin', files['Archive/huge.bin'].size), entry('after.bin', files['Archive/after.bin'].size)],
    };
    const pages: ZipPages = (folderId) => Promise.resolve({ entries: tree[folderId ?? 'top'], next: null });
    const byUrl: Record<string, keyof typeof files> = {
      'before.bin': 'before.bin',
      'huge.bin': 'Archive/huge.bin',
      'after.bin': 'Archive/after.bin',
      'Über 名前.txt': 'Über 名前.txt',
    };
    const open = (url: string) => Promise.resolve(files[byUrl[url]].stream());

    const file = path.join(dir, 'past-4-gib.zip');
    await zipTo(zipItems(pages), sparseFile(file), open);
    const total = Object.values(files).reduce((sum, f) => sum + f.size, 0);
    const written = statSync(file);
    expect(written.size).toBeGreaterThan(total);
    expect(written.blocks * 512).toBeLessThan(256 * MiB); // sparse: the generated zeros were never stored
    // The ZIP64 end of central directory record and its locator, before the classic end record.
    const tail = Buffer.alloc(256);
    const fd = openSync(file, 'r');
    readSync(fd, tail, 0, tail.length, written.size - tail.length);
    closeSync(fd);
    expect([0x06064b50, 0x07064b50, 0x06054b50].map((signature) => tail.indexOf(Buffer.from(new Uint32Array([signature]).buffer)) >= 0)).toEqual([
      true,
      true,
      true,
    ]);

    const read = await readWithYauzl(file);
    expect(read.map((e) => e.path)).toEqual(['before.bin', 'Archive/', 'Archive/huge.bin', 'Archive/after.bin', 'Über 名前.txt']);
    for (const e of read.filter((r) => !r.path.endsWith('/'))) {
      const made = files[e.path as keyof typeof files];
      expect(e).toEqual({
        path: e.path,
        size: made.size,
        compressedSize: made.size,
        crc: made.crc(),
        read: made.size < 64 * MiB ? { crc: made.crc(), bytes: made.size } : undefined,
      });
    }

    // Info-ZIP reads the archive on its own: its listing, and its test of every entry's bytes against its CRC-32.
    const { stdout: listing } = await promisify(execFile)('unzip', ['-Z', '-l', file]);
    expect(listing).toMatch(new RegExp(`\\s${files['Archive/huge.bin'].size}\\s.*Archive/huge\\.bin`));
    const { stdout: tested } = await promisify(execFile)('unzip', ['-t', file]);
    expect(tested).toContain('No errors detected in compressed data');
    expect(tested.match(/ OK$/gm)).toHaveLength(5);
  }, 120_000);
});
