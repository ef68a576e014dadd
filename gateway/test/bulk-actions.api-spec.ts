import {
  BULK_ITEMS_MAX,
  BULK_TOO_MANY,
  EVERYONE,
  FOLDER_INTO_ITSELF,
  NO_FOLDER_ACCESS,
  VIEW_ONLY,
  type BulkReply,
  type FileItem,
  type AuditEntry,
  type HttpErrorBody,
  type ListActivityReply,
  type ListAuditLogsReply,
  type ListFilesReply,
  type UploadSlot,
} from '@coffer/contracts';
import { randomUUID } from 'node:crypto';
import { call, eventStream, eventually, joinedMember, signUp, type TestUser } from './support.js';

// Issue 31, selection: one request per action for a whole selection, each item decided by the access decision
// and by the rules of its single action; the answer says which items were done and why the others were not.

const bulk = (user: TestUser, action: 'move' | 'trash' | 'restore' | 'delete', body: Record<string, unknown>) =>
  call<BulkReply & HttpErrorBody>(`/api/files/bulk/${action}`, { body, token: user.accessToken });

const newFolder = async (user: TestUser, name: string, parentId = 'root') => {
  const res = await call<FileItem>('/api/folders', { body: { name, parentId }, token: user.accessToken });
  expect(res.status).toBe(201);
  return res.body;
};

async function uploadInto(user: TestUser, folderId: string, name: string): Promise<FileItem> {
  const slot = await call<UploadSlot>('/api/uploads', { body: { name, size: 5, mimeType: 'text/plain', folderId }, token: user.accessToken });
  expect(slot.status).toBe(201);
  await fetch(slot.body.url, { method: 'PUT', headers: slot.body.headers, body: 'hello' });
  return (await call<FileItem>(`/api/uploads/${slot.body.uploadId}/complete`, { method: 'POST', token: user.accessToken })).body;
}

const listed = async (user: TestUser, query: string) => {
  const res = await call<ListFilesReply>(`/api/files?${query}&limit=1000`, { token: user.accessToken });
  expect(res.status).toBe(200);
  return res.body;
};

/** The refusals of a reply as "name: message", for items named by id. */
const refusals = (reply: BulkReply, names: Record<string, string>) => reply.refused.map((r) => `${names[r.id] ?? r.id}: ${r.code} ${r.message}`).sort();

describe('bulk actions on a selection', () => {
  let owner: TestUser;
  let member: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    owner = await signUp({ fullName: 'Olive Owner' });
    await call('/api/subscription/trial', { body: { plan: 'business' }, token: owner.accessToken });
    [member, stranger] = await Promise.all([joinedMember(owner, 'member', 'Mia Member'), signUp()]);
  }, 60_000);

  it('does each item the caller may edit and refuses the others with why: view only, a restricted folder, another account', async () => {
    // Two team folders: the member edits in Work, only views Archive; Work's restricted Payroll is not open to them.
    const work = (await call<FileItem>('/api/team-folders', { body: { name: 'Work' }, token: owner.accessToken })).body;
    const archive = (await call<FileItem>('/api/team-folders', { body: { name: 'Archive' }, token: owner.accessToken })).body;
    const setAccess = (folderId: string, entries: unknown[]) =>
      call(`/api/folders/${folderId}/access`, { method: 'PUT', body: { own: true, entries }, token: owner.accessToken });
    expect((await setAccess(work.id, [{ grantee: member.userId, level: 'edit' }])).status).toBe(200);
    expect((await setAccess(archive.id, [{ grantee: EVERYONE, level: 'view' }])).status).toBe(200);
    const payroll = await newFolder(owner, 'Payroll', work.id);
    expect((await setAccess(payroll.id, [])).status).toBe(200);
    const into = await newFolder(owner, 'Sorted', work.id);

    const editable = await uploadInto(owner, work.id, 'plan.txt');
    const viewOnly = await uploadInto(owner, archive.id, 'old.txt');
    const restricted = await uploadInto(owner, payroll.id, 'salaries.txt');
    const theirs = await uploadInto(member, 'root', 'mine.txt');
    const otherAccount = await uploadInto(stranger, 'root', 'elsewhere.txt');
    const names = { [viewOnly.id]: 'old.txt', [restricted.id]: 'salaries.txt', [otherAccount.id]: 'elsewhere.txt' };
    const selection = [editable.id, viewOnly.id, restricted.id, theirs.id, otherAccount.id];
    const expectedRefusals = [`elsewhere.txt: NOT_FOUND File not found`, `old.txt: FORBIDDEN ${VIEW_ONLY}`, `salaries.txt: FORBIDDEN ${NO_FOLDER_ACCESS}`];

    const moved = await bulk(member, 'move', { items: selection, folderId: into.id });
    expect(moved.status).toBe(200);
    expect(moved.body.done.sort()).toEqual([editable.id, theirs.id].sort());
    expect(refusals(moved.body, names)).toEqual(expectedRefusals);
    // The two moved are in Sorted (the member's own file went into the team folder's tree), the others where they were.
    expect((await listed(owner, `folder=${into.id}`)).items.map((i) => i.name).sort()).toEqual(['mine.txt', 'plan.txt']);
    expect((await listed(owner, `folder=${archive.id}`)).items.map((i) => i.name)).toEqual(['old.txt']);
    expect((await listed(owner, `folder=${payroll.id}`)).items.map((i) => i.name)).toEqual(['salaries.txt']);
    expect((await listed(stranger, 'folder=root')).items.map((i) => i.name)).toContain('elsewhere.txt');

    const trashed = await bulk(member, 'trash', { items: selection });
    expect(trashed.body.done.sort()).toEqual([editable.id, theirs.id].sort());
    expect(refusals(trashed.body, names)).toEqual(expectedRefusals);
    expect((await listed(owner, `folder=${into.id}`)).total).toBe(0);

    // Restore and delete forever decide the same way; another account's item is not in the trash for them.
    const restoredNames = { ...names, [otherAccount.id]: 'elsewhere.txt' };
    const restored = await bulk(member, 'restore', { items: selection });
    expect(restored.body.done.sort()).toEqual([editable.id, theirs.id].sort());
    expect(refusals(restored.body, restoredNames)).toEqual([
      `elsewhere.txt: NOT_FOUND File not found in the trash`,
      `old.txt: FORBIDDEN ${VIEW_ONLY}`,
      `salaries.txt: FORBIDDEN ${NO_FOLDER_ACCESS}`,
    ]);
    expect((await listed(owner, `folder=${into.id}`)).total).toBe(2);

    // Delete forever takes only what is in the trash: the restored two are refused, the trashed one goes.
    expect((await bulk(member, 'trash', { items: [editable.id] })).body.done).toEqual([editable.id]);
    const deleted = await bulk(member, 'delete', { items: [editable.id, theirs.id, otherAccount.id] });
    expect(deleted.body.done).toEqual([editable.id]);
    expect(refusals(deleted.body, { [theirs.id]: 'mine.txt', [otherAccount.id]: 'elsewhere.txt' })).toEqual([
      'elsewhere.txt: NOT_FOUND File not found in the trash',
      'mine.txt: NOT_FOUND File not found in the trash',
    ]);
    expect((await listed(owner, 'view=trash')).items.map((i) => i.id)).not.toContain(editable.id);
    expect((await listed(stranger, 'folder=root')).items.map((i) => i.name)).toContain('elsewhere.txt');
  }, 60_000);

  it('keeps the folder rules: never into itself or a folder inside it, same names become "Name (1)", a folder with contents stays out of the trash', async () => {
    const user = await signUp();
    const a = await newFolder(user, 'A');
    const inner = await newFolder(user, 'Inner', a.id);
    const b = await newFolder(user, 'B');
    const reportInB = await uploadInto(user, b.id, 'report.txt');
    const report = await uploadInto(user, 'root', 'report.txt');
    const reportToo = await uploadInto(user, a.id, 'Report.txt');

    const intoInner = await bulk(user, 'move', { items: [a.id, b.id, report.id], folderId: inner.id });
    expect(intoInner.body.done.sort()).toEqual([b.id, report.id].sort());
    expect(intoInner.body.refused).toEqual([{ id: a.id, code: 'VALIDATION_FAILED', message: FOLDER_INTO_ITSELF }]);

    // Two report.txt moved next to a third: each gets a name of its own.
    const together = await bulk(user, 'move', { items: [report.id, reportToo.id], folderId: b.id });
    expect(together.body.done.sort()).toEqual([report.id, reportToo.id].sort());
    expect((await listed(user, `folder=${b.id}`)).items.map((i) => i.name).sort()).toEqual(['Report (2).txt', 'report (1).txt', 'report.txt']);
    expect(reportInB.name).toBe('report.txt');

    // Trashing a folder with what it holds in the same selection: the files go first, so the folder is empty by then.
    const inB = (await listed(user, `folder=${b.id}`)).items.map((i) => i.id);
    const trashed = await bulk(user, 'trash', { items: [a.id, b.id, ...inB] });
    expect(trashed.body.done.sort()).toEqual([b.id, ...inB].sort());
    expect(trashed.body.refused).toEqual([{ id: a.id, code: 'CONFLICT', message: 'Cannot delete folder with contents. Please empty the folder first.' }]);
    // Restored together, the files go back into their folder, which comes back with them.
    const restored = await bulk(user, 'restore', { items: [b.id, ...inB] });
    expect(restored.body.done).toHaveLength(4);
    expect((await listed(user, `folder=${b.id}`)).total).toBe(3);
  }, 60_000);

  it('refuses a selection that is empty, too large or not ids, with a clear 400', async () => {
    const tooMany = Array.from({ length: BULK_ITEMS_MAX + 1 }, () => randomUUID());
    const res = await bulk(owner, 'trash', { items: tooMany });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(BULK_TOO_MANY);
    expect(BULK_TOO_MANY).toBe('Choose at most 5,000 items at once.');
    expect((await bulk(owner, 'restore', { items: [] })).body).toMatchObject({ statusCode: 400, message: 'Choose at least one item' });
    expect((await bulk(owner, 'delete', { items: ['../etc'] })).body).toMatchObject({ statusCode: 400, message: 'items must be file or folder ids' });
    expect((await bulk(owner, 'move', { items: [randomUUID()] })).body).toMatchObject({ statusCode: 400, message: 'folderId must be "root" or a folder id' });
    // The largest selection is accepted (each unknown id refused, nothing else).
    const most = await bulk(owner, 'trash', { items: tooMany.slice(1) });
    expect(most.status).toBe(200);
    expect(most.body.refused).toHaveLength(BULK_ITEMS_MAX);
  }, 60_000);

  it('moves 1,000 items in one request well under 2 s, every one of them', async () => {
    const user = await signUp();
    const from = await newFolder(user, 'Inbox');
    const to = await newFolder(user, 'Done');
    const ids: string[] = [];
    for (let batch = 0; batch < 1000; batch += 50) {
      const made = await Promise.all(Array.from({ length: 50 }, (_, i) => newFolder(user, `Item ${String(batch + i).padStart(4, '0')}`, from.id)));
      ids.push(...made.map((f) => f.id));
    }
    const started = performance.now();
    const moved = await bulk(user, 'move', { items: ids, folderId: to.id });
    const took = performance.now() - started;
    expect(moved.status).toBe(200);
    expect(moved.body.refused).toEqual([]);
    expect(new Set(moved.body.done)).toEqual(new Set(ids));
    expect(took).toBeLessThan(2000);
    const done = await listed(user, `folder=${to.id}&sort=name-asc`);
    expect(done.total).toBe(1000);
    expect(done.items.map((i) => i.id).sort()).toEqual([...ids].sort());
    expect(done.items.map((i) => i.name)).toEqual(Array.from({ length: 1000 }, (_, i) => `Item ${String(i).padStart(4, '0')}`));
    expect((await listed(user, `folder=${from.id}`)).total).toBe(0);
  }, 120_000);

  it('writes one audit entry and one activity line per bulk action of 300 items, while open lists hear every item', async () => {
    const inbox = await newFolder(member, 'Inbox');
    const projects = (await listed(member, 'folder=root')).items.find((i) => i.name === 'Projects')!;
    const ids: string[] = [];
    for (let batch = 0; batch < 300; batch += 50)
      ids.push(...(await Promise.all(Array.from({ length: 50 }, (_, i) => newFolder(member, `Item ${batch + i}`, inbox.id)))).map((f) => f.id));
    const live = await eventStream(member);
    const selectionDid = async (action: 'move' | 'trash' | 'restore' | 'delete', body: Record<string, unknown> = {}) => {
      const res = await bulk(member, action, { items: ids, ...body });
      expect([res.status, res.body.done.length, res.body.refused]).toEqual([200, 300, []]);
    };
    await selectionDid('move', { folderId: projects.id });
    // Every open list still hears each item that moved.
    await eventually(async () => live.received.split('"type":"events.files.file.moved"').length - 1 === 300);
    await live.stop();
    await selectionDid('trash');
    await selectionDid('restore');
    await selectionDid('trash');
    await selectionDid('delete');
    // A selection of a folder and a file (the owner's, out of the member's Activity Log): the audit log has no type for
    // a mix, so its entry is about files.
    const mixed = [(await newFolder(owner, 'Mixed folder')).id, (await uploadInto(owner, 'root', 'mixed.txt')).id];
    expect((await bulk(owner, 'trash', { items: mixed })).body.done).toHaveLength(2);
    // The log keeps events in the order they happened: once a later one is there, every line of the selection is.
    const marker = await newFolder(member, 'Marker');
    const entries = await eventually(async () => {
      const { body } = await call<ListAuditLogsReply>('/api/audit-logs?limit=1000', { token: owner.accessToken });
      return body.items.some((e) => e.resourceId === marker.id) && body.items;
    }, 30_000);
    // Every entry about these items since they were made.
    const ofTheSelection = (e: AuditEntry) => e.action !== 'folder.create' && (e.details.ids?.includes(ids[0]!) || ids.includes(e.resourceId ?? ''));
    const lines = entries.filter(ofTheSelection).map((e) => [e.action, e.resourceType, e.actorName, e.details.summary]);
    // All folders: each entry is about folders.
    expect(lines.reverse()).toEqual([
      ['file.move', 'folder', 'Mia Member', 'moved 300 items to Projects'],
      ['file.delete', 'folder', 'Mia Member', 'moved 300 items to the trash'],
      ['file.restore', 'folder', 'Mia Member', 'restored 300 items'],
      ['file.delete', 'folder', 'Mia Member', 'moved 300 items to the trash'],
      ['file.delete_forever', 'folder', 'Mia Member', 'deleted 300 items forever'],
    ]);
    expect(entries.filter((e) => e.details.ids === mixed.join(' ')).map((e) => [e.action, e.resourceType, e.details.summary])).toEqual([
      ['file.delete', 'file', 'moved 2 items to the trash'],
    ]);
    const moved = entries.find((e) => e.action === 'file.move' && ofTheSelection(e))!;
    expect(moved.details).toMatchObject({ items: '300', to: projects.id, names: 'Item 0, Item 1, Item 2, Item 3, Item 4, and 295 more' });
    expect(moved.details.ids!.split(' ')).toEqual(ids);
    // The Activity Log: one "Deleted 300 items" line per trash, not 300 lines pushing everything else out.
    const activity = (await call<ListActivityReply>('/api/activity', { token: member.accessToken })).body.items;
    expect(
      activity
        .filter((a) => a.kind === 'delete')
        .map((a) => a.fileName)
        .slice(0, 2),
    ).toEqual(['300 items', '300 items']);
    expect(activity.filter((a) => a.fileName.startsWith('Item '))).toEqual([]);
  }, 120_000);
});
