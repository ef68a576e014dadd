import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { ZipEntries, ZipEntry } from '@coffer/contracts';
import { unzip } from '../../test/unzip.js';
import { uniqueName, zipItems, zipName, zipStream, type ZipPages } from './zip-stream.js';

const at = '2026-11-27T12:00:00.000Z';
const file = (id: string, name: string, bytes: string): ZipEntry => ({ id, name, isFolder: false, size: Buffer.byteLength(bytes), modifiedAt: at, url: bytes });
const folder = (id: string, name: string): ZipEntry => ({ id, name, isFolder: true, size: 0, modifiedAt: at });
/** The bytes of a file entry are its "URL" here: the stream opens them. */
const open = (url: string) => Promise.resolve(Readable.from([Buffer.from(url)]));

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

describe('zipStream', () => {
  it('streams folders inside folders as paths, empty folders kept, every file with its bytes', async () => {
    const tree: Record<string, ZipEntry[]> = {
      top: [folder('f1', 'Reports'), file('a', 'notes.txt', 'top notes'), file('b', 'notes.txt', 'other notes')],
      f1: [folder('f2', '2026'), folder('f3', 'Empty'), file('c', 'Ünïcode 名前.txt', 'unicode')],
      f2: [file('d', 'q1.pdf', 'quarter one')],
      f3: [],
    };
    const pages: ZipPages = (folderId) => Promise.resolve({ entries: tree[folderId ?? 'top'], next: null });
    const { entries } = await unzip(await buffer(zipStream(zipItems(pages), open)));
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
    const { entries } = await unzip(await buffer(zipStream(zipItems(pages), open)));
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
    const { entries, zip64 } = await unzip(await buffer(zipStream(zipItems(pages), open)));
    expect(zip64).toBe(true);
    expect(entries).toHaveLength(count);
    expect(entries.every((e, i) => e.path === `f${i}.txt` && e.bytes.toString() === String(i))).toBe(true);
  }, 120_000);
});
