import { randomBytes } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { FileItem, FileLink, FolderPath, HttpErrorBody, ListFilesReply, ListFoldersReply, StorageUsage, UploadSlot } from '@coffer/contracts';
import { call, eventually, objectsOf, signUp, stackS3 as s3, type TestUser } from './support.js';

const MB = 1024 * 1024;

async function rootOf(user: TestUser) {
  return eventually(async () => {
    const { body } = await call<ListFilesReply>('/api/files?folder=root', { token: user.accessToken });
    return body.items.length >= 4 && body.items;
  });
}

/** The browser's upload: ask for a slot, PUT the bytes straight to S3, confirm. */
async function upload(user: TestUser, name: string, bytes: Buffer, folderId = 'root', declaredSize = bytes.length, mimeType = 'application/octet-stream') {
  const slot = await call<UploadSlot>('/api/uploads', { body: { name, size: declaredSize, mimeType, folderId }, token: user.accessToken });
  if (slot.status !== 201) return { slot };
  const put = await fetch(slot.body.url, { method: 'PUT', headers: slot.body.headers, body: new Uint8Array(bytes) });
  const complete = await call<FileItem>(`/api/uploads/${slot.body.uploadId}/complete`, { method: 'POST', token: user.accessToken });
  return { slot, put, complete };
}

describe('files', () => {
  it('creates folders, refusing a blank name with the form message', async () => {
    const user = await signUp();
    await rootOf(user);
    const blank = await call<HttpErrorBody>('/api/folders', { body: { name: '   ', parentId: 'root' }, token: user.accessToken });
    expect(blank.body).toMatchObject({ statusCode: 400, message: 'Please enter a folder name' });
    const made = await call<FileItem>('/api/folders', { body: { name: 'Contracts 2026', parentId: 'root' }, token: user.accessToken });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: 'Contracts 2026', isFolder: true, folderId: 'root', fileCount: 0, folderCount: 0 });
    const nested = await call<FileItem>('/api/folders', { body: { name: 'Signed', parentId: made.body.id }, token: user.accessToken });
    const path = await call<FolderPath>(`/api/folders/${nested.body.id}`, { token: user.accessToken });
    expect(path.body.path.map((p) => p.name)).toEqual(['Contracts 2026', 'Signed']);
    const root = await call<ListFilesReply>('/api/files?folder=root', { token: user.accessToken });
    expect(root.body.items.find((i) => i.id === made.body.id)).toMatchObject({ fileCount: 0, folderCount: 1 });
    const all = await call<ListFoldersReply>('/api/folders', { token: user.accessToken });
    expect(all.body.items.map((f) => [f.name, f.parentId === 'root' ? 'root' : 'nested'])).toEqual([
      ['Contracts 2026', 'root'],
      ['Documents', 'root'],
      ['Images', 'root'],
      ['Invoices', 'root'],
      ['Projects', 'root'],
      ['Signed', 'nested'],
    ]);
  });

  it('never shows two items alike in a folder: a second upload or a move gets " (1)", a second folder of the same name is refused', async () => {
    const user = await signUp();
    await rootOf(user);
    const names = async (folder: string) =>
      (await call<ListFilesReply>(`/api/files?folder=${folder}`, { token: user.accessToken })).body.items
        .filter((i) => !i.isFolder)
        .map((i) => i.name)
        .sort();
    for (const name of ['Report.pdf', 'report.PDF', 'Report.pdf']) await upload(user, name, randomBytes(8));
    // Compared without regard to case; each keeps the case it was given.
    expect(await names('root')).toEqual(['Report (2).pdf', 'Report.pdf', 'report (1).PDF']);

    const folder = (await call<FileItem>('/api/folders', { body: { name: 'Archive', parentId: 'root' }, token: user.accessToken })).body;
    const inside = await upload(user, 'Report.pdf', randomBytes(8), folder.id);
    expect(inside.complete!.body.name).toBe('Report.pdf');
    // Moved next to a file of the same name: renamed, not hidden behind it.
    const root = (await call<ListFilesReply>('/api/files?folder=root', { token: user.accessToken })).body.items;
    const moved = await call<FileItem>(`/api/files/${root.find((i) => i.name === 'Report.pdf')!.id}`, {
      method: 'PATCH',
      body: { folderId: folder.id },
      token: user.accessToken,
    });
    expect(moved.body.name).toBe('Report (1).pdf');
    expect(await names(folder.id)).toEqual(['Report (1).pdf', 'Report.pdf']);

    const again = await call<HttpErrorBody>('/api/folders', { body: { name: 'ARCHIVE', parentId: 'root' }, token: user.accessToken });
    expect(again.body).toMatchObject({ statusCode: 409, message: 'A folder named "ARCHIVE" already exists here. Choose another name.' });
    // The same name elsewhere is fine.
    expect((await call('/api/folders', { body: { name: 'Archive', parentId: folder.id }, token: user.accessToken })).status).toBe(201);
  });

  it('pages through a folder: every item once, with the total, and a clear refusal of a page that cannot be', async () => {
    const user = await signUp();
    await rootOf(user);
    const parent = (await call<FileItem>('/api/folders', { body: { name: 'Many', parentId: 'root' }, token: user.accessToken })).body;
    for (let i = 0; i < 25; i++) await call('/api/folders', { body: { name: `Part ${i}`, parentId: parent.id }, token: user.accessToken });
    const seen: string[] = [];
    let after = '';
    for (;;) {
      const page = await call<ListFilesReply>(`/api/files?folder=${parent.id}&sort=name-asc&limit=10${after}`, { token: user.accessToken });
      expect(page.body.total).toBe(25);
      seen.push(...page.body.items.map((i) => i.name));
      if (!page.body.next) break;
      after = `&after=${page.body.next}`;
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
    expect((await call<HttpErrorBody>(`/api/files?folder=root&after=not-an-id`, { token: user.accessToken })).body).toMatchObject({ statusCode: 400 });
    expect((await call<HttpErrorBody>(`/api/files?folder=root&limit=1001`, { token: user.accessToken })).body).toMatchObject({ statusCode: 400 });
    // A page after someone else's item: as if it were gone.
    expect((await call<HttpErrorBody>(`/api/files?folder=root&after=${(await rootOf(await signUp()))[0].id}`, { token: user.accessToken })).status).toBe(409);
  });

  it('refuses a malformed file or folder id at the edge on every route that takes one: 400, never a 404 from the service', async () => {
    const user = await signUp();
    const bad = 'not-a-uuid';
    const folderRefused = (field: string) => `${field} must be "root" or a folder id`;
    const asks: Array<[string, Parameters<typeof call>[1], string]> = [
      [`/api/files?folder=${bad}`, {}, folderRefused('folder')],
      // Shaped like an id, but not one (no version, no variant): refused the same way.
      [`/api/files?folder=12345678-1234-1234-1234-123456789012`, {}, folderRefused('folder')],
      [`/api/files?view=shared&folder=${bad}`, {}, folderRefused('folder')],
      [`/api/folders/${bad}`, {}, 'Folder not found'],
      [`/api/folders/${bad}/access`, {}, 'Folder not found'],
      [`/api/files/${bad}/access`, {}, 'File not found'],
      [`/api/files/${bad}/versions`, {}, 'File not found'],
      [`/api/files/${bad}/link`, {}, 'File not found'],
      [`/api/files/${bad}/rename`, { body: { name: 'x' } }, 'File not found'],
      [`/api/folders`, { body: { name: 'x', parentId: bad } }, folderRefused('parentId')],
      [`/api/folder-paths`, { body: { parentId: bad, paths: [['A']] } }, folderRefused('parentId')],
      [`/api/uploads`, { body: { name: 'a.txt', size: 1, mimeType: 'text/plain', folderId: bad } }, folderRefused('folderId')],
      [`/api/file-requests`, { body: { folderId: bad, title: 'x' } }, folderRefused('folderId')],
      [`/api/links`, { body: { fileId: bad } }, 'File not found'],
      [`/api/links?fileId=${bad}`, {}, 'fileId must be a file id'],
      [`/api/shares`, { body: { fileId: bad, email: 'a@example.com' } }, 'File not found'],
      [`/api/shares?fileId=${bad}`, {}, 'fileId must be a file id'],
      [`/api/downloads`, { body: { items: [bad] } }, 'File not found'],
      [`/api/files/bulk/trash`, { body: { items: [bad] } }, 'items must be file or folder ids'],
    ];
    for (const [path, init, message] of asks) {
      const res = await call<HttpErrorBody>(path, { ...init, token: user.accessToken });
      expect([path, res.status, res.body.code, res.body.message]).toEqual([path, 400, 'VALIDATION_FAILED', message]);
    }
  });

  it('uploads bytes straight to S3, then views and downloads them under the file name', async () => {
    const user = await signUp();
    const [documents] = await rootOf(user);
    const bytes = randomBytes(300 * 1024);
    const { put, complete } = await upload(user, 'Q3 report – final.pdf', bytes, documents.id, bytes.length, 'application/pdf');
    expect(put!.status).toBe(200);
    expect(complete!.status).toBe(201);
    expect(complete!.body).toMatchObject({ name: 'Q3 report – final.pdf', size: bytes.length, folderId: documents.id, isFolder: false });

    const inFolder = await call<ListFilesReply>(`/api/files?folder=${documents.id}`, { token: user.accessToken });
    expect(inFolder.body.items.map((i) => i.name)).toEqual(['Q3 report – final.pdf']);
    const keys = await objectsOf(user.userId);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^${user.userId}/\\d+-[0-9a-f]{16}\\.pdf$`));

    const download = await call<FileLink>(`/api/files/${complete!.body.id}/link?disposition=attachment`, { token: user.accessToken });
    const got = await fetch(download.body.url);
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="Q3 report _ final.pdf"; filename*=UTF-8''Q3%20report%20%E2%80%93%20final.pdf`);
    const view = await call<FileLink>(`/api/files/${complete!.body.id}/link`, { token: user.accessToken });
    expect(new URL(view.body.url).searchParams.get('X-Amz-Expires')).toBe('3600');
    const viewed = await fetch(view.body.url);
    expect(viewed.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(viewed.headers.get('content-type')).toBe('application/pdf');

    const usage = await call<StorageUsage>('/api/storage/usage', { token: user.accessToken });
    expect(usage.body).toEqual({ usedBytes: bytes.length, limitBytes: 10 * 1024 ** 3 });
    const recent = await call<ListFilesReply>('/api/files?view=recent', { token: user.accessToken });
    expect(recent.body.items.map((i) => i.id)).toEqual([complete!.body.id]);
    const search = await call<ListFilesReply>('/api/files?view=search&q=REPORT', { token: user.accessToken });
    expect(search.body.items.map((i) => i.name)).toEqual(['Q3 report – final.pdf']);
  });

  it('opens inline only what cannot run scripts: HTML and SVG are always downloaded, text opens as plain text', async () => {
    const user = await signUp();
    const script = Buffer.from('<html><body><script>alert(document.domain)</script></body></html>');
    const cases: [name: string, mimeType: string, disposition: string, contentType: string][] = [
      ['page.html', 'text/html', 'attachment', 'application/octet-stream'],
      ['logo.svg', 'image/svg+xml', 'attachment', 'application/octet-stream'],
      ['notes.txt', 'text/plain', 'inline', 'text/plain; charset=utf-8'],
      ['Photo.PNG', 'IMAGE/PNG', 'inline', 'image/png'],
    ];
    for (const [name, mimeType, disposition, contentType] of cases) {
      const { complete } = await upload(user, name, script, 'root', script.length, mimeType);
      const view = await call<FileLink>(`/api/files/${complete!.body.id}/link?disposition=inline`, { token: user.accessToken });
      const got = await fetch(view.body.url);
      expect([name, got.headers.get('content-disposition')?.split(';')[0], got.headers.get('content-type')]).toEqual([name, disposition, contentType]);
    }
  });

  it("refuses a file over the trial's largest file (50 MB), before and after the bytes arrive, and keeps nothing", async () => {
    const user = await signUp();
    await rootOf(user);
    const declared = await call<HttpErrorBody>('/api/uploads', { body: { name: 'big.bin', size: 50 * MB + 1 }, token: user.accessToken });
    expect(declared.status).toBe(413);
    expect(declared.body.message).toBe('This file is larger than 50MB, the largest file your plan accepts.');

    // A client that lies about the size: the store refuses bytes other than the signed size, so nothing arrives.
    const { put, complete } = await upload(user, 'liar.bin', Buffer.alloc(50 * MB + 1), 'root', 10);
    expect(put!.status).toBe(403);
    expect(complete!.body).toMatchObject({ statusCode: 400, message: 'The file did not arrive. Please upload it again.' });
    expect((await call<ListFilesReply>('/api/files?view=search&q=liar', { token: user.accessToken })).body.items).toEqual([]);
    expect(await objectsOf(user.userId)).toEqual([]);
    expect((await call<StorageUsage>('/api/storage/usage', { token: user.accessToken })).body.usedBytes).toBe(0);
  });

  it('the store holds an upload slot to its declared size and to one use, and serves nothing unsigned, tampered or expired', async () => {
    const user = await signUp();
    await rootOf(user);
    const slot = (await call<UploadSlot>('/api/uploads', { body: { name: 'ten.bin', size: 10 }, token: user.accessToken })).body;
    expect(slot.headers).toEqual({ 'content-type': 'application/octet-stream', 'if-none-match': '*' });
    const put = (body: Uint8Array<ArrayBuffer>, headers: Record<string, string> = slot.headers, url = slot.url) => fetch(url, { method: 'PUT', headers, body });

    // More bytes than declared, fewer, none declared, or without the single-use condition: refused, nothing stored.
    expect((await put(new Uint8Array(120 * 1024))).status).toBe(403);
    expect((await put(new Uint8Array(9))).status).toBe(403);
    const { 'if-none-match': _once, ...withoutCondition } = slot.headers;
    expect((await put(new Uint8Array(10), withoutCondition)).status).toBe(403);
    expect(await objectsOf(user.userId)).toEqual([]);

    const first = new Uint8Array(randomBytes(10));
    expect((await put(first)).status).toBe(200);
    // The slot is used: the same URL cannot replace the bytes, before or after the upload is confirmed.
    expect((await put(new Uint8Array(randomBytes(10)))).status).toBe(412);
    const file = await call<FileItem>(`/api/uploads/${slot.uploadId}/complete`, { method: 'POST', token: user.accessToken });
    expect(file.body).toMatchObject({ size: 10 });
    expect((await put(new Uint8Array(randomBytes(10)))).status).toBe(412);
    const link = await call<FileLink>(`/api/files/${file.body.id}/link?disposition=attachment`, { token: user.accessToken });
    expect(Buffer.from(await (await fetch(link.body.url)).arrayBuffer()).equals(Buffer.from(first))).toBe(true);
    expect((await call<StorageUsage>('/api/storage/usage', { token: user.accessToken })).body.usedBytes).toBe(10);

    // A slot declared empty takes nothing more.
    const empty = (await call<UploadSlot>('/api/uploads', { body: { name: 'empty.bin', size: 0 }, token: user.accessToken })).body;
    expect((await put(new Uint8Array(200 * 1024), empty.headers, empty.url)).status).toBe(403);

    // Reading: no signature, a changed one, another key's object under the same signature, or an expired URL.
    const plain = link.body.url.split('?')[0];
    expect((await fetch(plain)).status).toBe(403);
    expect((await fetch(link.body.url.replace(/X-Amz-Signature=[0-9a-f]{4}/, 'X-Amz-Signature=0000'))).status).toBe(403);
    expect((await fetch(link.body.url.replace(`/${user.userId}/`, '/someone-else/'))).status).toBe(403);
    const expired = await getSignedUrl(s3(), new GetObjectCommand({ Bucket: 'coffer-files', Key: new URL(plain).pathname.split('/').slice(2).join('/') }), {
      expiresIn: 60,
      signingDate: new Date(Date.now() - 120_000),
    });
    expect((await fetch(expired)).status).toBe(403);
  });

  it('refuses an upload over the plan storage limit', async () => {
    const user = await signUp();
    await rootOf(user);
    // 10 GB of trial storage: open slots reserve their size, so the 205th 50 MB slot goes over.
    let refused: { status: number; body: HttpErrorBody } | undefined;
    for (let i = 0; i < 210 && !refused; i++) {
      const r = await call<HttpErrorBody>('/api/uploads', { body: { name: `part-${i}.bin`, size: 50 * MB }, token: user.accessToken });
      if (r.status !== 201) refused = r;
    }
    expect(refused).toMatchObject({ status: 413 });
    expect(refused!.body.message).toBe("There isn't enough storage space left on your plan for this file. Free up space or upgrade your plan.");
  });

  it('moves, trashes, restores and deletes forever; refuses to trash a folder with contents', async () => {
    const user = await signUp();
    const [documents, images] = await rootOf(user);
    const { complete } = await upload(user, 'photo.jpg', randomBytes(1024), documents.id);
    const file = complete!.body;

    const moved = await call<FileItem>(`/api/files/${file.id}`, { method: 'PATCH', body: { folderId: images.id }, token: user.accessToken });
    expect(moved.body.folderId).toBe(images.id);
    const full = await call<HttpErrorBody>(`/api/files/${images.id}/trash`, { method: 'POST', token: user.accessToken });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('Cannot delete folder with contents. Please empty the folder first.');

    expect((await call(`/api/files/${file.id}/trash`, { method: 'POST', token: user.accessToken })).status).toBe(200);
    expect((await call(`/api/files/${documents.id}/trash`, { method: 'POST', token: user.accessToken })).status).toBe(200);
    const trash = await call<ListFilesReply>('/api/files?view=trash', { token: user.accessToken });
    expect(trash.body.items.map((i) => i.name)).toEqual(['Documents', 'photo.jpg']); // newest deletion first
    expect((await call(`/api/files/${file.id}/link`, { token: user.accessToken })).status).toBe(404);

    expect((await call<FileItem>(`/api/files/${file.id}/restore`, { method: 'POST', token: user.accessToken })).body).toMatchObject({
      deletedAt: null,
      folderId: images.id,
    });
    expect((await call(`/api/files/${file.id}`, { method: 'DELETE', token: user.accessToken })).status).toBe(404); // only trashed items are deleted for good

    await call(`/api/files/${file.id}/trash`, { method: 'POST', token: user.accessToken });
    expect((await call(`/api/files/${file.id}`, { method: 'DELETE', token: user.accessToken })).status).toBe(204);
    expect(await objectsOf(user.userId)).toEqual([]);
    const emptied = await call<{ deleted: number }>('/api/trash', { method: 'DELETE', token: user.accessToken });
    expect(emptied.body).toEqual({ deleted: 1 });
    expect((await call<ListFilesReply>('/api/files?view=trash', { token: user.accessToken })).body.items).toEqual([]);
  });

  it('renames files and folders where they are, refusing a name another of its kind there has, a blank or an overlong one', async () => {
    const user = await signUp();
    await rootOf(user);
    const as = { token: user.accessToken };
    const rename = (id: string, name: unknown) => call<FileItem & HttpErrorBody>(`/api/files/${id}/rename`, { ...as, method: 'POST', body: { name } });
    const folder = (await call<FileItem>('/api/folders', { ...as, body: { name: 'Contracts', parentId: 'root' } })).body;
    const { complete } = await upload(user, 'draft.docx', randomBytes(16), folder.id);
    await upload(user, 'Signed.docx', randomBytes(16), folder.id);

    expect((await rename(complete!.body.id, 'Offer letter.docx')).body).toMatchObject({ name: 'Offer letter.docx', folderId: folder.id });
    expect((await rename(folder.id, 'Contracts 2026')).body).toMatchObject({ name: 'Contracts 2026', isFolder: true, fileCount: 2 });
    expect((await rename(complete!.body.id, 'signed.DOCX')).body).toMatchObject({
      statusCode: 409,
      message: 'A file named "signed.DOCX" already exists here. Choose another name.',
    });
    expect((await rename(folder.id, 'documents')).body).toMatchObject({
      statusCode: 409,
      message: 'A folder named "documents" already exists here. Choose another name.',
    });
    expect((await rename(folder.id, '  ')).body).toMatchObject({ statusCode: 400, message: 'Please enter a name' });
    expect((await rename(folder.id, 'x'.repeat(256))).body).toMatchObject({ statusCode: 400, message: 'Names can be at most 255 characters' });
    // Where it is now, under its new name, and nowhere under the old one.
    const listed = (await call<ListFilesReply>(`/api/files?folder=${folder.id}&sort=name-asc`, as)).body.items.map((i) => i.name);
    expect(listed).toEqual(['Offer letter.docx', 'Signed.docx']);
    expect((await call<FolderPath>(`/api/folders/${folder.id}`, as)).body.path.map((p) => p.name)).toEqual(['Contracts 2026']);
  });

  it('moves a folder with everything in it, never into itself or a folder inside it', async () => {
    const user = await signUp();
    const [documents, images] = await rootOf(user);
    const as = { token: user.accessToken };
    const move = (id: string, folderId: string) => call<FileItem & HttpErrorBody>(`/api/files/${id}`, { ...as, method: 'PATCH', body: { folderId } });
    const clients = (await call<FileItem>('/api/folders', { ...as, body: { name: 'Clients', parentId: documents.id } })).body;
    const acme = (await call<FileItem>('/api/folders', { ...as, body: { name: 'Acme', parentId: clients.id } })).body;
    const { complete } = await upload(user, 'brief.pdf', randomBytes(16), acme.id);

    for (const into of [clients, acme])
      expect((await move(clients.id, into.id)).body).toMatchObject({
        statusCode: 400,
        message: 'A folder cannot be moved into itself or into a folder inside it.',
      });
    expect((await move(clients.id, images.id)).body).toMatchObject({ id: clients.id, folderId: images.id, folderCount: 1 });
    expect((await call<FolderPath>(`/api/folders/${acme.id}`, as)).body.path.map((p) => p.name)).toEqual(['Images', 'Clients', 'Acme']);
    expect((await call<ListFilesReply>(`/api/files?folder=${acme.id}`, as)).body.items.map((i) => i.id)).toEqual([complete!.body.id]);
    expect((await call<ListFilesReply>(`/api/files?folder=${documents.id}`, as)).body.total).toBe(0);
  });

  it("treats another user's files and folders as not found, whatever the route", async () => {
    const owner = await signUp();
    const [documents] = await rootOf(owner);
    const { complete } = await upload(owner, 'secret.txt', Buffer.from('top secret'), documents.id);
    const file = complete!.body;
    const stranger = await signUp();
    const as = { token: stranger.accessToken };
    const attempts = [
      call(`/api/files?folder=${documents.id}`, as),
      call(`/api/folders/${documents.id}`, as),
      call(`/api/files/${file.id}/link`, as),
      call(`/api/files/${file.id}`, { ...as, method: 'PATCH', body: { folderId: 'root' } }),
      call(`/api/files/${file.id}/rename`, { ...as, method: 'POST', body: { name: 'Mine now.txt' } }),
      call(`/api/files/${documents.id}`, { ...as, method: 'PATCH', body: { folderId: 'root' } }),
      call(`/api/files/${file.id}/trash`, { ...as, method: 'POST' }),
      call(`/api/files/${file.id}/restore`, { ...as, method: 'POST' }),
      call(`/api/files/${file.id}`, { ...as, method: 'DELETE' }),
      call('/api/folders', { ...as, body: { name: 'Mine now', parentId: documents.id } }),
      call('/api/uploads', { ...as, body: { name: 'x.txt', size: 1, folderId: documents.id } }),
    ];
    for (const { status, body } of await Promise.all(attempts)) {
      expect(status).toBe(404);
      expect((body as unknown as HttpErrorBody).code).toBe('NOT_FOUND');
    }
    expect((await call<ListFilesReply>(`/api/files?folder=${documents.id}`, { token: owner.accessToken })).body.items).toMatchObject([{ name: 'secret.txt' }]);
  });
});
