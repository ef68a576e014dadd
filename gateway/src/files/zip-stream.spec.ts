import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable, Writable } from 'node:stream';
import type { ZipEntries, ZipEntry } from '@coffer/contracts';
import { unzip } from '../../test/unzip.js';
import { readStored } from './stored-read.js';
import { FILES_OPENED_AHEAD, uniqueName, zipItems, zipName, zipTo, type ZipItem, type ZipPages } from './zip-stream.js';

const at = '2026-11-27T12:00:00.000Z';
const file = (id: string, name: string, bytes: string): ZipEntry => ({ id, name, isFolder: false, size: Buffer.byteLength(bytes), modifiedAt: at, url: bytes });
const folder = (id: string, name: string): ZipEntry => ({ id, name, isFolder: true, size: 0, modifiedAt: at });
/** The bytes of a file entry are its "URL" here: the stream opens them. */
const open = (url: string) => Promise.resolve(Readable.from([Buffer.from(url)]));
/**
 * The zip of `items` as bytes: each chunk copied when written (a storage read's buffer is read into again once
 * written). With `from`, nothing is taken before it resolves (the zip waits on its reader meanwhile).
 */
async function zipped(items: AsyncIterable<ZipItem>, openRead?: (url: string) => Promise<Readable>, from?: Promise<unknown>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const take = () => {
        chunks.push(Buffer.from(chunk));
        callback();
      };
      if (from) void from.then(take);
      else take();
    },
  });
  await zipTo(items, out, openRead);
  return Buffer.concat(chunks);
}

describe('zip names', () => {
  it('keeps names as they are but never as a path outside the zip', () => {
    expect(['Ünïcode 名前.pdf', 'a/b', '..', '.', 'x\\y', ' ', 'tab\there'].map(zipName)).toEqual([
      'Ünïcode 名前.pdf',
      'a_b',
      '_',
      '_',
      'x_y',
      '_',
      'tab_here',
    ]);
  });

  it('makes a name unique in its folder, before the extension for a file', () => {
    const used = new Set<string>();
    expect(['notes.txt', 'Notes.txt', 'notes.txt', 'Plans', 'plans'].map((n) => uniqueName(used, n, n === 'Plans' || n === 'plans'))).toEqual([
      'notes.txt',
      'Notes (1).txt',
      'notes (2).txt',
      'Plans',
      'plans (1)',
    ]);
  });
});

describe('zipTo', () => {
  it('streams folders inside folders as paths, empty folders kept, every file with its bytes', async () => {
    const tree: Record<string, ZipEntry[]> = {
      top: [folder('f1', 'Reports'), file('a', 'notes.txt', 'top notes'), file('b', 'notes.txt', 'other notes')],
      f1: [folder('f2', '2026'), folder('f3', 'Empty'), file('c', 'Ünïcode 名前.txt', 'unicode')],
      f2: [file('d', 'q1.pdf', 'quarter one')],
      f3: [],
    };
    const pages: ZipPages = (folderId) => Promise.resolve({ entries: tree[folderId ?? 'top'], next: null });
    const { entries } = await unzip(await zipped(zipItems(pages), open));
    expect(entries.map((e) => [e.path, e.bytes.toString(), e.utf8])).toEqual([
      ['Reports/', '', true],
      ['Reports/2026/', '', true],
      ['Reports/2026/q1.pdf', 'quarter one', true],
      ['Reports/Empty/', '', true],
      ['Reports/Ünïcode 名前.txt', 'unicode', true],
      ['notes.txt', 'top notes', true],
      ['notes (1).txt', 'other notes', true],
    ]);
  });

  it('reads a folder page by page, and leaves out a folder that is refused meanwhile', async () => {
    const { RpcException } = await import('@nestjs/microservices');
    const pages: ZipPages = (folderId, after) => {
      if (folderId) return Promise.reject(new RpcException({ code: 'NOT_FOUND', status: 404, message: 'Folder not found' }));
      return Promise.resolve<ZipEntries>(
        after ? { entries: [file('2', 'second.txt', '2')], next: null } : { entries: [folder('gone', 'Gone'), file('1', 'first.txt', '1')], next: '1' },
      );
    };
    const { entries } = await unzip(await zipped(zipItems(pages), open));
    expect(entries.map((e) => e.path)).toEqual(['Gone/', 'first.txt', 'second.txt']);
  });

  it('writes ZIP64 past 65,535 entries, every one of them readable', async () => {
    const count = 65_540;
    const pages: ZipPages = (_folderId, after) => {
      const start = Number(after ?? 0);
      const end = Math.min(start + 5000, count);
      const entries = Array.from({ length: end - start }, (_, i) => file(String(start + i), `f${start + i}.txt`, `${start + i}`));
      return Promise.resolve({ entries, next: end < count ? String(end) : null });
    };
    const { entries, zip64 } = await unzip(await zipped(zipItems(pages), open));
    expect(zip64).toBe(true);
    expect(entries).toHaveLength(count);
    expect(entries.every((e, i) => e.path === `f${i}.txt` && e.bytes.toString() === String(i))).toBe(true);
  }, 120_000);
});

describe('zipTo reading storage', () => {
  /** Generated file bytes, never stored: file i's byte at p is pattern[(p + i * 7919) % pattern.length]. */
  const pattern = randomBytes(1 << 20);
  const fileBytes = (i: number, from: number, length: number) => {
    const out = Buffer.allocUnsafe(length);
    for (let done = 0; done < length;) {
      const at = (from + done + i * 7919) % pattern.length;
      done += pattern.copy(out, done, at, Math.min(pattern.length, at + length - done));
    }
    return out;
  };

  it('opens only the next files ahead of the one it zips, waits for a slow reader, and keeps every byte exact', async () => {
    const FILES = 12;
    const SIZE = 6 * 1024 * 1024;
    // A storage server of generated objects that honours backpressure: it writes only while its socket takes more.
    let served = 0;
    let sent = 0;
    const unfinished = new Set<ServerResponse>();
    const blocked = new Set<ServerResponse>();
    const storage = createServer((req, res) => {
      served++;
      const i = Number(req.url!.slice(1));
      unfinished.add(res);
      res.on('finish', () => unfinished.delete(res)).on('close', () => unfinished.delete(res));
      res.writeHead(200, { 'content-length': SIZE });
      let at = 0;
      const write = () => {
        while (at < SIZE) {
          const chunk = fileBytes(i, at, Math.min(64 * 1024, SIZE - at));
          at += chunk.length;
          sent += chunk.length;
          if (!res.write(chunk)) {
            blocked.add(res);
            res.once('drain', () => {
              blocked.delete(res);
              write();
            });
            return;
          }
        }
        res.end();
      };
      write();
    });
    await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(storage.address() as AddressInfo).port}/`;

    // The gateway's own storage reads, counted: how many are open at once.
    let requested = 0;
    let openNow = 0;
    let mostOpen = 0;
    const open = async (url: string) => {
      requested++;
      const stream = await readStored(url);
      openNow++;
      mostOpen = Math.max(mostOpen, openNow);
      stream.once('close', () => openNow--);
      return stream;
    };
    const pages: ZipPages = () =>
      Promise.resolve({
        entries: Array.from({ length: FILES }, (_, i) => ({
          id: String(i),
          name: `part-${i}.bin`,
          isFolder: false,
          size: SIZE,
          modifiedAt: at,
          url: `${base}${i}`,
        })),
        next: null,
      });

    // A reader that stops after the first two files, then reads one chunk per turn of the event loop. It copies each
    // chunk only when it calls back for it: a storage read's buffer read into again before then would show in the bytes.
    const chunks: Buffer[] = [];
    let received = 0;
    let release: (() => void) | undefined;
    const reader = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        const done = () => {
          chunks.push(Buffer.from(chunk));
          callback();
        };
        if (received > 2 * SIZE && !release) release = () => setImmediate(done);
        else if (release) setImmediate(done);
        else done();
      },
    });
    const finished = zipTo(zipItems(pages), reader, open);

    // Stalled: every read the zip asked for has reached storage, and storage waits on each response it has not finished.
    const stalled = () => release !== undefined && requested === served && unfinished.size > 0 && blocked.size === unfinished.size;
    while (!stalled()) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(openNow).toBeLessThanOrEqual(1 + FILES_OPENED_AHEAD);
    expect(served).toBeLessThanOrEqual(3 + FILES_OPENED_AHEAD);
    // What storage sent and the reader has not: no more than the open reads' socket buffers, far from the whole zip.
    expect(sent - received).toBeLessThan((1 + FILES_OPENED_AHEAD) * SIZE);
    release!();
    await finished;
    storage.close();

    expect(mostOpen).toBe(1 + FILES_OPENED_AHEAD);
    const { entries } = await unzip(Buffer.concat(chunks));
    expect(entries.map((e) => e.path)).toEqual(Array.from({ length: FILES }, (_, i) => `part-${i}.bin`));
    entries.forEach((e, i) => expect(e.bytes.equals(fileBytes(i, 0, SIZE))).toBe(true));
  }, 60_000);
});

describe('zipTo when storage stops part way', () => {
  it('opens again a read opened ahead that storage closed while it waited, and the zip is whole', async () => {
    const SIZE = 256 * 1024;
    // Storage closes the first read of file 1 (opened ahead while file 0 streams) after its first bytes, as a store does with a read left idle.
    let cut = false;
    const requests: string[] = [];
    const storage = createServer((req, res) => {
      requests.push(req.url!);
      res.writeHead(200, { 'content-length': SIZE });
      if (req.url === '/1' && !cut) {
        cut = true;
        res.write(Buffer.alloc(1024, 1), () => res.socket!.destroy());
        return;
      }
      res.end(Buffer.alloc(SIZE, Number(req.url!.slice(1)) + 1));
    });
    await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(storage.address() as AddressInfo).port}/`;
    const pages: ZipPages = () =>
      Promise.resolve({
        entries: [0, 1, 2].map((i) => ({ id: String(i), name: `f${i}.bin`, isFolder: false, size: SIZE, modifiedAt: at, url: `${base}${i}` })),
        next: null,
      });
    // The gateway's storage reads, the first of file 1 watched: the zip is read only once that read has ended, cut.
    let firstOfFile1: Promise<unknown> | undefined;
    const open = async (url: string) => {
      const stream = await readStored(url);
      if (url.endsWith('/1')) firstOfFile1 ??= new Promise((resolve) => stream.once('close', resolve));
      return stream;
    };
    let readerStarts!: () => void;
    const output = zipped(zipItems(pages), open, new Promise<void>((resolve) => (readerStarts = resolve)));
    while (!firstOfFile1) await new Promise((resolve) => setTimeout(resolve, 10));
    await firstOfFile1;
    readerStarts();
    const { entries } = await unzip(await output);
    storage.close();
    expect(entries.map((e) => [e.path, e.bytes.equals(Buffer.alloc(SIZE, Number(e.path[1]) + 1))])).toEqual([
      ['f0.bin', true],
      ['f1.bin', true],
      ['f2.bin', true],
    ]);
    // File 1 was asked for twice: ahead of time, and again when the zip reached it.
    expect(requests.filter((r) => r === '/1')).toHaveLength(2);
  });

  it('fails the zip, so the download is cut short instead of hanging', async () => {
    const storage = createServer((_req, res) => {
      res.writeHead(200, { 'content-length': 1024 * 1024 });
      res.write(Buffer.alloc(64 * 1024, 1), () => res.socket!.destroy());
    });
    await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(storage.address() as AddressInfo).port}/cut`;
    const pages: ZipPages = () =>
      Promise.resolve({ entries: [{ id: '1', name: 'cut.bin', isFolder: false, size: 1024 * 1024, modifiedAt: at, url }], next: null });
    await expect(zipped(zipItems(pages))).rejects.toThrow();
    storage.close();
  });
});

describe('zipTo and its reader', () => {
  it('closes every storage read when the reader goes away, and fails', async () => {
    const SIZE = 64 * 1024 * 1024; // far more than sockets buffer: no read ends before the reader goes away
    // Storage that writes as long as its socket takes more, and tells when a response was closed before its end.
    const open = new Set<ServerResponse>();
    let closedEarly = 0;
    const storage = createServer((_req, res) => {
      open.add(res);
      res.on('close', () => {
        open.delete(res);
        if (!res.writableFinished) closedEarly++;
      });
      res.writeHead(200, { 'content-length': SIZE });
      const chunk = Buffer.alloc(64 * 1024, 7);
      let at = 0;
      const write = () => {
        while (at < SIZE) {
          at += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', write);
        }
        res.end();
      };
      write();
    });
    await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(storage.address() as AddressInfo).port}/`;
    const pages: ZipPages = () =>
      Promise.resolve({
        entries: [0, 1, 2, 3].map((i) => ({ id: String(i), name: `f${i}.bin`, isFolder: false, size: SIZE, modifiedAt: at, url: `${base}${i}` })),
        next: null,
      });
    // A reader that goes away after its first megabyte.
    let received = 0;
    const reader = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        if (received > 1024 * 1024) return callback(new Error('The reader went away'));
        callback();
      },
    });
    await expect(zipTo(zipItems(pages), reader)).rejects.toThrow();
    while (open.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
    storage.close();
    expect(closedEarly).toBe(1 + FILES_OPENED_AHEAD);
  });

  it('reads an answer sent in chunks, and fails on an answer other than 200', async () => {
    const storage = createServer((req, res) => {
      if (req.url === '/missing') return void res.writeHead(404).end('no such key');
      res.writeHead(200, { 'content-type': 'application/octet-stream' }); // no length: sent in chunks
      res.write('chunked ');
      res.end('bytes');
    });
    await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(storage.address() as AddressInfo).port}/`;
    const entry = (name: string, url: string, size: number): ZipEntry => ({ id: name, name, isFolder: false, size, modifiedAt: at, url });
    const pagesOf =
      (entries: ZipEntry[]): ZipPages =>
      () =>
        Promise.resolve({ entries, next: null });
    const { entries } = await unzip(await zipped(zipItems(pagesOf([entry('chunked.txt', `${base}chunked`, 13)]))));
    expect(entries.map((e) => [e.path, e.bytes.toString()])).toEqual([['chunked.txt', 'chunked bytes']]);
    await expect(zipped(zipItems(pagesOf([entry('missing.txt', `${base}missing`, 1)])))).rejects.toThrow('Storage answered 404 for a zip entry');
    storage.close();
  });
});
