import { randomBytes } from 'node:crypto';
import {
  EVERYONE,
  VIEW_ONLY,
  type FileItem,
  type FileLink,
  type FileVersions,
  type HttpErrorBody,
  type ListActivityReply,
  type ListAuditLogsReply,
  type ListFilesReply,
  type MultipartUpload,
  type ShareItem,
  type ShareLink,
  type StorageUsage,
  type UploadSlot,
} from '@coffer/contracts';
import { appUrl, call, confirmedUser, eventually, joinedMember, objectsOf, signUp, uploadFile, type TestUser } from './support.js';

// Issue 31, file versions (PRODUCT-DECISIONS "Files"): an upload of a name that exists either replaces the file
// (its bytes kept as a version) or is kept beside it; versions are listed, downloaded and restored by the file's
// access, count toward storage, and go to the trash and come back with their file.

const MB = 1024 ** 2;
const GB = 1024 ** 3;

const versionsOf = (user: TestUser, fileId: string) => call<FileVersions & HttpErrorBody>(`/api/files/${fileId}/versions`, { token: user.accessToken });
const versionLink = (user: TestUser, fileId: string, versionId: string) =>
  call<FileLink & HttpErrorBody>(`/api/files/${fileId}/versions/${versionId}/link?disposition=attachment`, { token: user.accessToken });
const restore = (user: TestUser, fileId: string, versionId: string) =>
  call<FileItem & HttpErrorBody>(`/api/files/${fileId}/versions/${versionId}/restore`, { method: 'POST', token: user.accessToken });
/** The bytes a signed link reads. */
const read = async (link: FileLink) => Buffer.from(await (await fetch(link.url)).arrayBuffer());
/** The bytes of one version of a file, as its Download gives them. */
const versionBytes = async (user: TestUser, fileId: string, versionId: string) => read((await versionLink(user, fileId, versionId)).body);
const fileBytes = async (user: TestUser, fileId: string) =>
  read((await call<FileLink>(`/api/files/${fileId}/link?disposition=attachment`, { token: user.accessToken })).body);
const usedBytes = async (user: TestUser) => (await call<StorageUsage>('/api/storage/usage', { token: user.accessToken })).body.usedBytes;
const filesIn = async (user: TestUser, folder = 'root') =>
  (await call<ListFilesReply>(`/api/files?folder=${folder}`, { token: user.accessToken })).body.items.filter((i) => !i.isFolder);

/** An upload's first step: the slot (or multipart upload) for `name` in `folderId`, replacing a file of that name or not. */
const startUpload = (user: TestUser, name: string, size: number, onExisting?: 'replace' | 'keep-both', folderId = 'root') =>
  call<UploadSlot & MultipartUpload & HttpErrorBody>('/api/uploads', {
    body: { name, size, mimeType: 'text/plain', folderId, ...(onExisting && { onExisting }) },
    token: user.accessToken,
  });
/** The bytes sent to a slot, then confirmed. */
async function finish(user: TestUser, slot: UploadSlot, bytes: Buffer) {
  expect((await fetch(slot.url, { method: 'PUT', headers: slot.headers, body: new Uint8Array(bytes) })).status).toBe(200);
  return call<FileItem & HttpErrorBody>(`/api/uploads/${slot.uploadId}/complete`, { method: 'POST', token: user.accessToken });
}
async function upload(user: TestUser, name: string, bytes: Buffer, onExisting?: 'replace' | 'keep-both', folderId = 'root') {
  const slot = await startUpload(user, name, bytes.length, onExisting, folderId);
  expect(slot.status).toBe(201);
  return finish(user, slot.body, bytes);
}

async function businessOwner(name = 'Vera Owner'): Promise<TestUser> {
  const owner = await confirmedUser(name);
  expect((await call('/api/subscription/trial', { body: { plan: 'business' }, token: owner.accessToken })).status).toBe(201);
  return owner;
}

describe('file versions', () => {
  it('replaces a file in place: same id, its share and link still open it, the old bytes a version byte for byte, both counted, Activity and audit say so', async () => {
    const owner = await businessOwner();
    const recipient = await confirmedUser();
    const first = randomBytes(3000);
    const second = randomBytes(5000);
    const file = await uploadFile(owner, 'notes.txt', first);
    const share = (await call<ShareItem>('/api/shares', { body: { fileId: file.id, email: recipient.email }, token: owner.accessToken })).body;

    const replaced = await upload(owner, 'notes.txt', second, 'replace');
    expect(replaced.status).toBe(201);
    expect(replaced.body).toMatchObject({ id: file.id, name: 'notes.txt', size: 5000 });
    expect((await filesIn(owner)).map((f) => [f.id, f.name, f.size])).toEqual([[file.id, 'notes.txt', 5000]]);

    const versions = (await versionsOf(owner, file.id)).body;
    expect(versions).toMatchObject({ fileId: file.id, name: 'notes.txt', canRestore: true });
    expect(versions.items.map((v) => [v.current, v.size, v.addedBy])).toEqual([
      [true, 5000, owner.userId],
      [false, 3000, owner.userId],
    ]);
    // Business keeps a version 180 days.
    const keptDays = (Date.parse(versions.items[1].keptUntil!) - Date.now()) / 86_400_000;
    expect(keptDays).toBeGreaterThan(179);
    expect(keptDays).toBeLessThanOrEqual(180);
    expect((await versionBytes(owner, file.id, versions.items[1].id)).equals(first)).toBe(true);
    expect((await fileBytes(owner, file.id)).equals(second)).toBe(true);
    // The earlier bytes still take space: both count toward storage.
    expect(await usedBytes(owner)).toBe(8000);

    // The share made before the replace opens the file as it is now.
    const opened = await call<ShareLink>(`/api/shares/${share.id}/link?disposition=attachment`, { token: recipient.accessToken });
    expect(opened.status).toBe(200);
    expect(Buffer.from(await (await fetch(`${appUrl()}${opened.body.url}`)).arrayBuffer()).equals(second)).toBe(true);

    const activity = await eventually(async () => {
      const items = (await call<ListActivityReply>('/api/activity', { token: owner.accessToken })).body.items;
      return items.some((i) => i.kind === 'replace') && items;
    });
    expect(activity.find((i) => i.kind === 'replace')).toMatchObject({ fileName: 'notes.txt', actorName: null });
    const audit = await eventually(async () =>
      (await call<ListAuditLogsReply>('/api/audit-logs', { token: owner.accessToken })).body.items.find((e) => e.action === 'file.replace'),
    );
    expect(audit).toMatchObject({ resourceId: file.id, details: { name: 'notes.txt', size: '5000' } });
  });

  it('restores an earlier version: the bytes swap, the replaced ones become a version, nothing lost and nothing added', async () => {
    const owner = await businessOwner();
    const [first, second] = [randomBytes(1000), randomBytes(2000)];
    const file = await uploadFile(owner, 'plan.txt', first);
    await upload(owner, 'plan.txt', second, 'replace');
    const before = (await versionsOf(owner, file.id)).body.items;

    const restored = await restore(owner, file.id, before[1].id);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: file.id, name: 'plan.txt', size: 1000 });
    expect((await fileBytes(owner, file.id)).equals(first)).toBe(true);
    const after = (await versionsOf(owner, file.id)).body.items;
    expect(after.map((v) => [v.current, v.size])).toEqual([
      [true, 1000],
      [false, 2000],
    ]);
    expect((await versionBytes(owner, file.id, after[1].id)).equals(second)).toBe(true);
    expect(await usedBytes(owner)).toBe(3000);
    const audit = await eventually(async () =>
      (await call<ListAuditLogsReply>('/api/audit-logs', { token: owner.accessToken })).body.items.find((e) => e.action === 'file.version_restore'),
    );
    expect(audit).toMatchObject({ resourceId: file.id, details: { name: 'plan.txt' } });
    // A version of another file, or none at all, is not found.
    const other = await uploadFile(owner, 'other.txt', randomBytes(10));
    expect((await restore(owner, other.id, after[1].id)).status).toBe(404);
    expect((await versionLink(owner, other.id, after[1].id)).status).toBe(404);
  });

  it('keeps both by default and when asked: the second file is "notes (1).txt" and no version is made', async () => {
    const owner = await signUp();
    const file = await uploadFile(owner, 'notes.txt', randomBytes(10));
    const byDefault = await upload(owner, 'notes.txt', randomBytes(20));
    const asked = await upload(owner, 'NOTES.txt', randomBytes(30), 'keep-both');
    expect([byDefault.body.name, asked.body.name]).toEqual(['notes (1).txt', 'NOTES (2).txt']);
    expect((await versionsOf(owner, file.id)).body.items).toHaveLength(1);
    // Replace with no file of that name there is a plain upload.
    expect((await upload(owner, 'fresh.txt', randomBytes(5), 'replace')).body).toMatchObject({ name: 'fresh.txt', size: 5 });
    const unknown = await startUpload(owner, 'x.txt', 5, 'overwrite' as 'replace');
    expect([unknown.status, unknown.body.message]).toEqual([400, 'onExisting must be one of replace, keep-both']);
  });

  it("refuses a replace over the plan's storage: the earlier bytes stay and count, so the space they take is not the new file's", async () => {
    const owner = await signUp();
    const file = await uploadFile(owner, 'ledger.txt', randomBytes(100));
    // Fill the trial's 10 GB with reserved slots (50 MB each at most) so that exactly 100 bytes stay free.
    let fill = 10 * GB - 100 - 100;
    for (let i = 0; fill > 0; i++) {
      const size = Math.min(50 * MB, fill);
      expect((await startUpload(owner, `filler-${i}.bin`, size)).status).toBe(201);
      fill -= size;
    }
    // 150 bytes would fit were the 100 replaced freed; they are kept as a version, so only 100 are free.
    const over = await startUpload(owner, 'ledger.txt', 150, 'replace');
    expect([over.status, over.body.message]).toEqual([
      413,
      "There isn't enough storage space left on your plan for this file. Free up space or upgrade your plan.",
    ]);
    const fits = await upload(owner, 'ledger.txt', randomBytes(100), 'replace');
    expect(fits.body).toMatchObject({ id: file.id, size: 100 });
    expect(await usedBytes(owner)).toBe(200);
    expect((await versionsOf(owner, file.id)).body.items.map((v) => v.size)).toEqual([100, 100]);
  }, 120_000);

  it('lets a viewer list and download versions but not replace or restore, and another account nothing', async () => {
    const owner = await businessOwner();
    const viewer = await joinedMember(owner, 'member', 'Val Viewer');
    const stranger = await signUp();
    const folder = (await call<FileItem>('/api/team-folders', { body: { name: 'Contracts' }, token: owner.accessToken })).body;
    expect(
      (
        await call(`/api/folders/${folder.id}/access`, {
          method: 'PUT',
          body: { own: true, entries: [{ grantee: EVERYONE, level: 'view' }] },
          token: owner.accessToken,
        })
      ).status,
    ).toBe(200);
    const first = randomBytes(700);
    const file = (await upload(owner, 'nda.txt', first, undefined, folder.id)).body;
    await upload(owner, 'nda.txt', randomBytes(800), 'replace', folder.id);
    const earlier = (await versionsOf(owner, file.id)).body.items[1];

    const seen = await versionsOf(viewer, file.id);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      canRestore: false,
      items: [
        { current: true, size: 800 },
        { id: earlier.id, current: false, size: 700 },
      ],
    });
    expect((await versionBytes(viewer, file.id, earlier.id)).equals(first)).toBe(true);
    const refused = await restore(viewer, file.id, earlier.id);
    expect([refused.status, refused.body.message]).toEqual([403, VIEW_ONLY]);
    const replace = await startUpload(viewer, 'nda.txt', 5, 'replace', folder.id);
    expect([replace.status, replace.body.message]).toEqual([403, VIEW_ONLY]);

    for (const res of [await versionsOf(stranger, file.id), await versionLink(stranger, file.id, earlier.id), await restore(stranger, file.id, earlier.id)])
      expect(res.status).toBe(404);
    expect((await startUpload(stranger, 'nda.txt', 5, 'replace', folder.id)).status).toBe(404);
    // Nothing changed.
    expect((await versionsOf(owner, file.id)).body.items.map((v) => v.size)).toEqual([800, 700]);
  });

  it('trashes versions with their file, brings them back with it, and deletes them for good with it (rows, objects and storage)', async () => {
    const owner = await signUp();
    const first = randomBytes(400);
    const file = await uploadFile(owner, 'draft.txt', first);
    await upload(owner, 'draft.txt', randomBytes(600), 'replace');
    const earlier = (await versionsOf(owner, file.id)).body.items[1];
    expect((await objectsOf(owner.userId)).length).toBe(2);

    expect((await call(`/api/files/${file.id}/trash`, { method: 'POST', token: owner.accessToken })).status).toBe(200);
    expect((await versionsOf(owner, file.id)).status).toBe(404);
    expect((await versionLink(owner, file.id, earlier.id)).status).toBe(404);
    expect((await restore(owner, file.id, earlier.id)).status).toBe(404);
    // In the trash it still takes its space, versions included.
    expect(await usedBytes(owner)).toBe(1000);

    expect((await call(`/api/files/${file.id}/restore`, { method: 'POST', token: owner.accessToken })).status).toBe(200);
    expect((await versionsOf(owner, file.id)).body.items.map((v) => v.size)).toEqual([600, 400]);
    expect((await versionBytes(owner, file.id, earlier.id)).equals(first)).toBe(true);

    expect((await call(`/api/files/${file.id}/trash`, { method: 'POST', token: owner.accessToken })).status).toBe(200);
    expect((await call(`/api/files/${file.id}`, { method: 'DELETE', token: owner.accessToken })).status).toBe(204);
    expect(await usedBytes(owner)).toBe(0);
    expect(await objectsOf(owner.userId)).toEqual([]);
  });

  it('keeps both earlier versions when two replaces are confirmed at once', async () => {
    const owner = await signUp();
    const original = randomBytes(100);
    const file = await uploadFile(owner, 'budget.txt', original);
    const [a, b] = [randomBytes(200), randomBytes(300)];
    const slots = await Promise.all([startUpload(owner, 'budget.txt', 200, 'replace'), startUpload(owner, 'budget.txt', 300, 'replace')]);
    const done = await Promise.all([finish(owner, slots[0].body, a), finish(owner, slots[1].body, b)]);
    expect(done.map((d) => [d.status, d.body.id])).toEqual([
      [201, file.id],
      [201, file.id],
    ]);
    const items = (await versionsOf(owner, file.id)).body.items;
    expect(items).toHaveLength(3);
    // Whichever came last is current; the other and the original are versions: every byte kept.
    const all = [await fileBytes(owner, file.id), ...(await Promise.all(items.slice(1).map((v) => versionBytes(owner, file.id, v.id))))];
    expect(all.map((bytes) => bytes.toString('hex')).sort()).toEqual([original, a, b].map((bytes) => bytes.toString('hex')).sort());
    expect(await usedBytes(owner)).toBe(600);
    expect((await filesIn(owner)).map((f) => f.name)).toEqual(['budget.txt']);
  });

  it('replaces with a big (multipart) upload too', async () => {
    const owner = await businessOwner();
    const first = randomBytes(1000);
    const file = await uploadFile(owner, 'survey.bin', first);
    const bytes = randomBytes(17 * MB);
    const started = await startUpload(owner, 'survey.bin', bytes.length, 'replace');
    expect(started.body.partCount).toBe(3);
    for (const part of started.body.parts!) {
      const start = (part.partNumber - 1) * started.body.partSize;
      expect((await fetch(part.url, { method: 'PUT', body: new Uint8Array(bytes.subarray(start, start + part.size)) })).status).toBe(200);
    }
    const done = await call<FileItem>(`/api/uploads/${started.body.uploadId}/complete`, { method: 'POST', token: owner.accessToken });
    expect(done.body).toMatchObject({ id: file.id, size: 17 * MB });
    const items = (await versionsOf(owner, file.id)).body.items;
    expect(items.map((v) => v.size)).toEqual([17 * MB, 1000]);
    expect((await versionBytes(owner, file.id, items[1].id)).equals(first)).toBe(true);
    expect((await fileBytes(owner, file.id)).equals(bytes)).toBe(true);
  }, 120_000);
});
