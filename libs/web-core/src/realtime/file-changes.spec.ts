import { FilesEvent, type FileChangePush, type FileItem } from '@coffer/contracts';
import { applyToList, type CachedFileList, type FileListArgs } from './file-changes';

const item = (name: string, over: Partial<FileItem> = {}): FileItem => ({
  id: `00000000-0000-4000-8000-${String(name.length).padStart(4, '0')}${Buffer.from(name).toString('hex').slice(0, 8).padEnd(8, '0')}`,
  name,
  size: 100,
  mimeType: 'text/plain',
  folderId: 'root',
  isFolder: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  deletedAt: null,
  lastAccessedAt: null,
  ...over,
});
const at = (minute: number) => `2026-11-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
const list = (pages: FileItem[][], total: number): CachedFileList => ({
  pages: pages.map((items, i) => ({ items, total, next: i < pages.length - 1 ? 'x' : null })),
  pageParams: pages.map(() => null),
});
const names = (l: CachedFileList) => l.pages.map((p) => p.items.map((i) => i.name));
const push = (type: FileChangePush['type'], changed: FileItem, fromFolderId?: string): FileChangePush => ({
  type,
  itemId: changed.id,
  item: changed,
  fromFolderId,
});

describe('a pushed change to a file, applied to the open lists', () => {
  const a = item('a.txt', { createdAt: at(30) });
  const b = item('b.txt', { createdAt: at(20) });
  const c = item('c.txt', { createdAt: at(10) });
  const folder: FileListArgs = { folder: 'root', sort: 'newest', view: 'folder' };

  it('puts an upload where the order has it, and counts it', () => {
    const cached = list([[a, b], [c]], 3);
    applyToList(cached, folder, push(FilesEvent.FileUploaded, item('new.txt', { createdAt: at(25) })));
    expect(names(cached)).toEqual([['a.txt', 'new.txt', 'b.txt'], ['c.txt']]);
    expect(cached.pages.map((p) => p.total)).toEqual([4, 4]);
  });

  it('never leaves an item out: past the pages read it goes last; by name it takes its place', () => {
    const cached = list([[a, b]], 3);
    applyToList(cached, folder, push(FilesEvent.FileUploaded, item('old.txt', { createdAt: at(1) })));
    expect(names(cached)).toEqual([['a.txt', 'b.txt', 'old.txt']]);
    const byName = list([[a, c]], 2);
    applyToList(byName, { ...folder, sort: 'name-asc' }, push(FilesEvent.FileUploaded, b));
    expect(names(byName)).toEqual([['a.txt', 'b.txt', 'c.txt']]);
  });

  it("orders items of the same time by id in the order's direction, as the server pages them", () => {
    const [low, high] = [
      { ...item('x.txt', { createdAt: at(15) }), id: '00000000-0000-4000-8000-000000000001' },
      { ...item('y.txt', { createdAt: at(15) }), id: '00000000-0000-4000-8000-000000000009' },
    ];
    const newest = list([[c]], 1);
    applyToList(newest, folder, push(FilesEvent.FileUploaded, low));
    applyToList(newest, folder, push(FilesEvent.FileUploaded, high));
    expect(names(newest)).toEqual([['y.txt', 'x.txt', 'c.txt']]);
    const oldest = list([[c]], 1);
    applyToList(oldest, { ...folder, sort: 'oldest' }, push(FilesEvent.FileUploaded, high));
    applyToList(oldest, { ...folder, sort: 'oldest' }, push(FilesEvent.FileUploaded, low));
    expect(names(oldest)).toEqual([['c.txt', 'x.txt', 'y.txt']]);
  });

  it('takes a moved file out of the folder it left and into the one it entered, and only there', () => {
    const docs = 'dddddddd-0000-4000-8000-000000000000';
    const moved = { ...b, folderId: docs };
    const root = list([[a, b, c]], 3);
    const documents = list([[]], 0);
    const elsewhere = list([[a]], 1);
    applyToList(root, folder, push(FilesEvent.FileMoved, moved, 'root'));
    applyToList(documents, { ...folder, folder: docs }, push(FilesEvent.FileMoved, moved, 'root'));
    applyToList(elsewhere, { ...folder, folder: 'ffffffff-0000-4000-8000-000000000000' }, push(FilesEvent.FileMoved, moved, 'root'));
    expect([names(root), root.pages[0].total]).toEqual([[['a.txt', 'c.txt']], 2]);
    expect([names(documents), documents.pages[0].total]).toEqual([[['b.txt']], 1]);
    expect([names(elsewhere), elsewhere.pages[0].total]).toEqual([[['a.txt']], 1]);
  });

  it('puts a renamed item where its new name goes, and takes it out of a search it no longer matches', () => {
    const renamed = { ...a, name: 'd.txt' };
    const byName = list([[a, b, c]], 3);
    const search = list([[a]], 1);
    applyToList(byName, { ...folder, sort: 'name-asc' }, push(FilesEvent.FileRenamed, renamed));
    applyToList(search, { view: 'search', q: 'a.', sort: 'name-asc' }, push(FilesEvent.FileRenamed, renamed));
    expect([names(byName), byName.pages[0].total]).toEqual([[['b.txt', 'c.txt', 'd.txt']], 3]);
    expect([names(search), search.pages[0].total]).toEqual([[[]], 0]);
  });

  it('moves a trashed file from its folder to the trash, back on restore, and off the trash when deleted for good', () => {
    const trashed = { ...c, deletedAt: at(40) };
    const root = list([[a, b, c]], 3);
    const trash = list([[]], 0);
    const trashArgs: FileListArgs = { view: 'trash' };
    applyToList(root, folder, push(FilesEvent.FileTrashed, trashed));
    applyToList(trash, trashArgs, push(FilesEvent.FileTrashed, trashed));
    expect([names(root), root.pages[0].total, names(trash), trash.pages[0].total]).toEqual([[['a.txt', 'b.txt']], 2, [['c.txt']], 1]);
    applyToList(root, folder, push(FilesEvent.FileRestored, c));
    applyToList(trash, trashArgs, push(FilesEvent.FileRestored, c));
    expect([names(root), root.pages[0].total, names(trash), trash.pages[0].total]).toEqual([[['a.txt', 'b.txt', 'c.txt']], 3, [[]], 0]);
    applyToList(trash, trashArgs, push(FilesEvent.FileTrashed, trashed));
    applyToList(trash, trashArgs, push(FilesEvent.FileDeleted, trashed));
    expect([names(trash), trash.pages[0].total]).toEqual([[[]], 0]);
  });

  it('counts an item once when the list already has it (read again after this tab made the change)', () => {
    const cached = list([[a, b]], 2);
    applyToList(cached, folder, push(FilesEvent.FileUploaded, a));
    expect([names(cached), cached.pages[0].total]).toEqual([[['a.txt', 'b.txt']], 2]);
  });

  it('follows a search by the name, and leaves Recent to be read again', () => {
    const search = list([[]], 0);
    applyToList(search, { view: 'search', q: 'REPORT' }, push(FilesEvent.FileUploaded, item('Q3 report.pdf')));
    applyToList(search, { view: 'search', q: 'REPORT' }, push(FilesEvent.FileUploaded, item('notes.txt')));
    expect([names(search), search.pages[0].total]).toEqual([[['Q3 report.pdf']], 1]);
    const recent = list([[a]], 1);
    applyToList(recent, { view: 'recent' }, push(FilesEvent.FileUploaded, b));
    expect(names(recent)).toEqual([['a.txt']]);
  });
});
