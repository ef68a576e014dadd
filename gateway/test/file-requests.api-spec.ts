import { createHash, randomBytes } from 'node:crypto';
import {
  FILE_REQUEST_EXPIRY_NEEDS_PLAN,
  FILE_REQUEST_NOT_FOUND,
  FileRequestRefusal,
  fileTooLarge,
  formatFileLimit,
  NotificationCopy,
  SharingPolicyRefusal,
  type CreatedFileRequest,
  type FileItem,
  type FileRequestPage,
  type HttpErrorBody,
  type ListFileRequestsReply,
  type ListAuditLogsReply,
  type ListFilesReply,
  type ListNotificationsReply,
  type FileLink,
  type MultipartUpload,
  type ReceivedFile,
  type StorageUsage,
  type UploadPartsReply,
  type UploadSlot,
} from '@coffer/contracts';
import { call, confirmedUser, eventually, gatewayUrl, joinedMember, mailTo, signUp, storeUploadsOf, uploadFile, type TestUser } from './support.js';

const MB = 1024 ** 2;
const GB = 1024 ** 3;

const makeRequest = (user: TestUser, body: Record<string, unknown>) =>
  call<CreatedFileRequest & HttpErrorBody>('/api/file-requests', { body, token: user.accessToken });
const tokenOf = (request: CreatedFileRequest) => request.url.split('/').pop()!;
const page = (token: string) => call<FileRequestPage & HttpErrorBody>(`/api/public-file-requests/${token}`);
const start = (token: string, name: string, size: number) =>
  call<UploadSlot & HttpErrorBody>(`/api/public-file-requests/${token}/uploads`, { body: { name, size, mimeType: 'text/plain' } });
const complete = (token: string, uploadId: string) =>
  call<ReceivedFile & HttpErrorBody>(`/api/public-file-requests/${token}/uploads/${uploadId}/complete`, { method: 'POST' });
/** A visitor with no account sends one file through the request. */
async function send(token: string, name: string, bytes: Buffer) {
  const slot = await start(token, name, bytes.length);
  expect(slot.status).toBe(201);
  expect((await fetch(slot.body.url, { method: 'PUT', headers: slot.body.headers, body: new Uint8Array(bytes) })).status).toBe(200);
  return complete(token, slot.body.uploadId);
}
const filesIn = async (user: TestUser, folder: string) => (await call<ListFilesReply>(`/api/files?folder=${folder}`, { token: user.accessToken })).body.items;

async function proOwnerWithFolder(folderName = 'Client uploads') {
  const owner = await confirmedUser('Rhea Requester');
  await call('/api/subscription/trial', { body: { plan: 'pro' }, token: owner.accessToken });
  const folder = (await call<FileItem>('/api/folders', { body: { name: folderName, parentId: 'root' }, token: owner.accessToken })).body;
  return { owner, folder };
}

describe('file requests', () => {
  it("takes two files from a visitor with no account into the folder, who sees nothing of it; they are the maker's, counted, and the maker is told of each", async () => {
    const { owner, folder } = await proOwnerWithFolder();
    // Something already in the folder, that the visitor must never learn of.
    await call('/api/folders', { body: { name: 'Secret plans', parentId: folder.id }, token: owner.accessToken });
    const made = await makeRequest(owner, { folderId: folder.id, title: 'Your signed contract', expiresInDays: 7, maxBytes: 4096 });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ folderId: folder.id, folderName: 'Client uploads', title: 'Your signed contract', maxBytes: 4096, uploadCount: 0 });
    expect(made.body.url).toMatch(/^\/r\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(made.body);

    const shown = await page(token);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ requestedByName: 'Rhea Requester', title: 'Your signed contract', maxBytes: 4096, branding: { custom: false } });
    expect(JSON.stringify(shown.body)).not.toMatch(/Client uploads|Secret plans|[0-9a-f]{8}-[0-9a-f]{4}-/);

    const usage = async () => (await call<{ usedBytes: number }>('/api/storage/usage', { token: owner.accessToken })).body.usedBytes;
    const before = await usage();
    const [first, second] = [randomBytes(1000), randomBytes(3000)];
    const one = await send(token, 'contract-signed.pdf', first);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ name: 'contract-signed.pdf', size: 1000 });
    expect((await send(token, 'passport.jpg', second)).body).toEqual({ name: 'passport.jpg', size: 3000 });

    const inFolder = await filesIn(owner, folder.id);
    expect(inFolder.filter((f) => !f.isFolder).map((f) => [f.name, f.size, f.addedBy])).toEqual(
      expect.arrayContaining([
        ['contract-signed.pdf', 1000, owner.userId],
        ['passport.jpg', 3000, owner.userId],
      ]),
    );
    expect(await usage()).toBe(before + 4000);
    expect((await call<ListFileRequestsReply>('/api/file-requests', { token: owner.accessToken })).body.items).toEqual([
      expect.objectContaining({ id: made.body.id, uploadCount: 2 }),
    ]);
    // Told in the app of each file, and by email.
    const told = await eventually(async () => {
      const { items } = (await call<ListNotificationsReply>('/api/notifications', { token: owner.accessToken })).body;
      const received = items.filter((n) => n.type === 'file_request_upload');
      return received.length >= 2 && received;
    });
    expect(told.map((n) => n.message).sort()).toEqual(
      [
        NotificationCopy.fileRequestUpload.message('contract-signed.pdf', 'Client uploads'),
        NotificationCopy.fileRequestUpload.message('passport.jpg', 'Client uploads'),
      ].sort(),
    );
    expect((await mailTo(owner.email, NotificationCopy.fileRequestUpload.title)).text).toContain('through your file request');
    // Each file received is in the audit log, under the request.
    const audited = await eventually(async () => {
      const { items } = (await call<ListAuditLogsReply>('/api/audit-logs', { token: owner.accessToken })).body;
      const received = items.filter((e) => e.action === 'file_request.upload' && e.resourceId === made.body.id);
      return received.length >= 2 && received;
    });
    expect(audited.map((e) => [e.resourceType, e.details.file, e.details.folder, e.details.size])).toEqual([
      ['file_request', 'passport.jpg', 'Client uploads', '3000'],
      ['file_request', 'contract-signed.pdf', 'Client uploads', '1000'],
    ]);
  });

  it("refuses a file over its cap or the maker's plan's largest file, an upload it did not hand out, and everything once revoked", async () => {
    const { owner, folder } = await proOwnerWithFolder();
    const made = (await makeRequest(owner, { folderId: folder.id, maxBytes: 100 })).body;
    const token = tokenOf(made);
    expect((await start(token, 'big.bin', 101)).body).toMatchObject({ statusCode: 413, message: FileRequestRefusal.TooLarge(formatFileLimit(100)) });
    // Without a cap: the maker's plan's largest file (10 GB on Pro).
    const uncapped = tokenOf((await makeRequest(owner, { folderId: 'root' })).body);
    expect((await page(uncapped)).body.maxBytes).toBe(10 * GB);
    expect((await start(uncapped, 'huge.bin', 10 * GB + 1)).body).toMatchObject({ statusCode: 413, message: fileTooLarge(10 * GB) });
    // The owner's own upload cannot be completed through a request.
    const own = await call<UploadSlot>('/api/uploads', { body: { name: 'Mine.pdf', size: 10, folderId: 'root' }, token: owner.accessToken });
    expect((await complete(token, own.body.uploadId)).body).toMatchObject({ statusCode: 404, message: FileRequestRefusal.UploadNotFound });
    // Nothing sent yet: nothing is made, and the slot can be completed once the bytes are in.
    const slot = (await start(token, 'late.txt', 10)).body;
    expect((await complete(token, slot.uploadId)).status).toBeGreaterThanOrEqual(400);
    await fetch(slot.url, { method: 'PUT', headers: slot.headers, body: new Uint8Array(randomBytes(10)) });
    expect((await complete(token, slot.uploadId)).status).toBe(200);
    // Completed once only.
    expect((await complete(token, slot.uploadId)).body).toMatchObject({ statusCode: 404 });

    expect((await call(`/api/file-requests/${made.id}`, { method: 'DELETE', token: owner.accessToken })).status).toBe(204);
    expect((await page(token)).body).toMatchObject({ statusCode: 404, message: FILE_REQUEST_NOT_FOUND });
    expect((await start(token, 'after.txt', 10)).body).toMatchObject({ statusCode: 404, message: FILE_REQUEST_NOT_FOUND });
    expect((await call<ListFileRequestsReply>('/api/file-requests', { token: owner.accessToken })).body.items.map((r) => r.id)).not.toContain(made.id);
    // Made, used and turned off, each in the audit log.
    const audited = await eventually(async () => {
      const { items } = (await call<ListAuditLogsReply>('/api/audit-logs', { token: owner.accessToken })).body;
      const ofRequest = items.filter((e) => e.resourceId === made.id);
      return ofRequest.length >= 3 && ofRequest;
    });
    expect(audited.map((e) => [e.action, e.resourceType, e.details.folder, e.details.maxBytes ?? e.details.file, e.actorId])).toEqual([
      ['file_request.revoke', 'file_request', 'Client uploads', '100', owner.userId],
      ['file_request.upload', 'file_request', 'Client uploads', 'late.txt', owner.userId],
      ['file_request.create', 'file_request', 'Client uploads', '100', owner.userId],
    ]);
  });

  it('goes only to a folder its maker may add to, gates expiry by plan, and follows the sharing policy', async () => {
    const trial = await signUp();
    await eventually(async () => (await filesIn(trial, 'root')).length >= 4);
    expect((await makeRequest(trial, { folderId: 'root', expiresInDays: 3 })).body).toMatchObject({ statusCode: 403, message: FILE_REQUEST_EXPIRY_NEEDS_PLAN });
    expect((await makeRequest(trial, { folderId: 'root' })).status).toBe(201);
    // Someone else's folder, or one of a team folder the maker may only view: refused.
    const { owner, folder } = await proOwnerWithFolder();
    expect((await makeRequest(trial, { folderId: folder.id })).status).toBe(404);
    const team = (await call<FileItem>('/api/team-folders', { body: { name: 'Finance' }, token: owner.accessToken })).body;
    const viewer = await joinedMember(owner, 'member', 'Vic Viewer');
    const access = { own: true, entries: [{ grantee: viewer.userId, level: 'view' }] };
    expect((await call(`/api/folders/${team.id}/access`, { method: 'PUT', body: access, token: owner.accessToken })).status).toBe(200);
    expect((await makeRequest(viewer, { folderId: team.id })).status).toBeGreaterThanOrEqual(403);
    expect((await makeRequest(owner, { folderId: team.id })).status).toBe(201);

    // The policy: links forbidden stops requests too; a maximum expiry holds them.
    const open = tokenOf((await makeRequest(owner, { folderId: folder.id })).body);
    await call('/api/sharing-policy', {
      method: 'PUT',
      body: { linksAllowed: false, passwordRequired: false, maxExpiryDays: 5, allowedEmailDomains: [] },
      token: owner.accessToken,
    });
    expect((await page(open)).body).toMatchObject({ statusCode: 403, message: SharingPolicyRefusal.LinkStopped });
    expect((await start(open, 'a.txt', 10)).body).toMatchObject({ statusCode: 403, message: SharingPolicyRefusal.LinkStopped });
    expect((await makeRequest(owner, { folderId: folder.id })).body).toMatchObject({ statusCode: 403, message: SharingPolicyRefusal.LinksNotAllowed });
    await call('/api/sharing-policy', {
      method: 'PUT',
      body: { linksAllowed: true, passwordRequired: false, maxExpiryDays: 5, allowedEmailDomains: [] },
      token: owner.accessToken,
    });
    expect((await makeRequest(owner, { folderId: folder.id, expiresInDays: 6 })).body.message).toBe(SharingPolicyRefusal.ExpiryTooLong(5));
    expect((await makeRequest(owner, { folderId: folder.id })).body.expiresAt).not.toBeNull();
    expect((await page(open)).status).toBe(200);
    // Another file of the maker's is not in reach through the request's page.
    await uploadFile(owner, 'Payroll.pdf', randomBytes(64));
    expect(JSON.stringify((await page(open)).body)).not.toContain('Payroll');
  });
});

const partsOf = (token: string, uploadId: string, partNumbers: number[]) =>
  call<UploadPartsReply & HttpErrorBody>(`/api/public-file-requests/${token}/uploads/${uploadId}/parts`, { body: { partNumbers } });
const cancel = (token: string, uploadId: string) => call<HttpErrorBody>(`/api/public-file-requests/${token}/uploads/${uploadId}`, { method: 'DELETE' });
const startBig = (token: string, name: string, size: number) =>
  call<MultipartUpload & HttpErrorBody>(`/api/public-file-requests/${token}/uploads`, { body: { name, size, mimeType: 'video/mp4' } });
/** Sends these parts of `bytes` as the page does: each to the URL the request's route gives, exactly its size. */
async function sendParts(token: string, upload: MultipartUpload, bytes: Buffer, partNumbers: number[]) {
  const asked = await partsOf(token, upload.uploadId, partNumbers);
  expect(asked.status).toBe(200);
  for (const part of asked.body.parts) {
    const from = (part.partNumber - 1) * upload.partSize;
    expect((await fetch(part.url, { method: 'PUT', body: new Uint8Array(bytes.subarray(from, from + part.size)) })).status).toBe(200);
  }
}
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const usedBytes = async (user: TestUser) => (await call<StorageUsage>('/api/storage/usage', { token: user.accessToken })).body.usedBytes;

describe('big files through a file request', () => {
  it("go in parts on the public routes, up to the maker's plan, and arrive byte for byte", async () => {
    const { owner, folder } = await proOwnerWithFolder();
    const token = tokenOf((await makeRequest(owner, { folderId: folder.id, maxBytes: 64 * MB })).body);
    expect((await page(token)).body.maxBytes).toBe(64 * MB);
    const bytes = randomBytes(40 * MB);
    const started = await startBig(token, 'Site survey.mp4', bytes.length);
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ size: 40 * MB, partSize: 8 * MB, partCount: 5, uploadedParts: [] });
    // Parts in any order; nothing is a file until every one arrived.
    await sendParts(token, started.body, bytes, [5, 2, 1]);
    expect((await complete(token, started.body.uploadId)).body).toMatchObject({
      statusCode: 400,
      message: '2 parts of the file did not arrive. Please resume the upload.',
    });
    await sendParts(token, started.body, bytes, [3, 4]);
    // Part URLs only for an upload the request handed out: not the maker's own.
    const own = (await call<MultipartUpload>('/api/uploads', { body: { name: 'Mine.mp4', size: 20 * MB }, token: owner.accessToken })).body;
    expect((await partsOf(token, own.uploadId, [1])).body).toMatchObject({ statusCode: 404, message: FileRequestRefusal.UploadNotFound });
    expect((await cancel(token, own.uploadId)).status).toBe(404);

    const received = await complete(token, started.body.uploadId);
    expect([received.status, received.body]).toEqual([200, { name: 'Site survey.mp4', size: 40 * MB }]);
    const file = (await filesIn(owner, folder.id)).find((f) => f.name === 'Site survey.mp4')!;
    const link = await call<FileLink>(`/api/files/${file.id}/link?disposition=attachment`, { token: owner.accessToken });
    expect(sha256(Buffer.from(await (await fetch(link.body.url)).arrayBuffer()))).toBe(sha256(bytes));
    expect(await usedBytes(owner)).toBe(40 * MB);
  }, 120_000);

  it("are refused over the request's cap and the trial's largest file, before anything is stored", async () => {
    const { owner, folder } = await proOwnerWithFolder();
    const capped = tokenOf((await makeRequest(owner, { folderId: folder.id, maxBytes: 30 * MB })).body);
    expect((await startBig(capped, 'Too big.mp4', 40 * MB)).body).toMatchObject({
      statusCode: 413,
      message: FileRequestRefusal.TooLarge(formatFileLimit(30 * MB)),
    });
    // A maker on the trial without a plan: the spec's 50 MB.
    const trial = await signUp();
    const uncapped = tokenOf((await makeRequest(trial, { folderId: 'root' })).body);
    expect((await page(uncapped)).body.maxBytes).toBe(50 * MB);
    expect((await startBig(uncapped, 'Film.mov', 60 * MB)).body).toMatchObject({ statusCode: 413, message: fileTooLarge(50 * MB) });
    expect(await storeUploadsOf(owner.userId)).toEqual([]);
    expect(await storeUploadsOf(trial.userId)).toEqual([]);
  });

  it("are refused over the account's storage with nothing stored, and the maker's storage holds what they reserve", async () => {
    const owner = await confirmedUser('Stan Starter');
    await call('/api/subscription/trial', { body: { plan: 'starter' }, token: owner.accessToken });
    const token = tokenOf((await makeRequest(owner, { folderId: 'root' })).body);
    // 500 GB of Starter storage, all reserved by the maker's own unfinished uploads of 10 GB.
    for (let i = 0; i < 50; i++)
      expect((await call(`/api/uploads`, { body: { name: `Archive ${i}.tar`, size: 10 * GB }, token: owner.accessToken })).status).toBe(201);
    const held = (await storeUploadsOf(owner.userId)).length;
    const refused = await startBig(token, 'Survey.mp4', 40 * MB);
    expect([refused.status, refused.body.message]).toEqual([
      413,
      "There isn't enough storage space left on your plan for this file. Free up space or upgrade your plan.",
    ]);
    // The store's upload started for it went with the refusal.
    expect((await storeUploadsOf(owner.userId)).length).toBe(held);
    expect(await usedBytes(owner)).toBe(0);
  }, 120_000);

  it('cancelled by the visitor, or cut off by a revoke, leave nothing: no parts, no reservation', async () => {
    const { owner, folder } = await proOwnerWithFolder();
    const made = (await makeRequest(owner, { folderId: folder.id })).body;
    const token = tokenOf(made);
    const bytes = randomBytes(20 * MB);
    const dropped = (await startBig(token, 'Draft.mp4', bytes.length)).body;
    await sendParts(token, dropped, bytes, [1]);
    expect(await storeUploadsOf(owner.userId)).toHaveLength(1);
    expect((await cancel(token, dropped.uploadId)).status).toBe(204);
    expect(await storeUploadsOf(owner.userId)).toEqual([]);
    expect((await partsOf(token, dropped.uploadId, [2])).status).toBe(404);
    expect((await complete(token, dropped.uploadId)).status).toBe(404);

    // Revoked mid-upload: the parts stop, and what was sent goes.
    const cut = (await startBig(token, 'Final.mp4', bytes.length)).body;
    await sendParts(token, cut, bytes, [2]);
    expect(await storeUploadsOf(owner.userId)).toHaveLength(1);
    expect((await call(`/api/file-requests/${made.id}`, { method: 'DELETE', token: owner.accessToken })).status).toBe(204);
    expect((await partsOf(token, cut.uploadId, [1])).body).toMatchObject({ statusCode: 404, message: FILE_REQUEST_NOT_FOUND });
    expect(await storeUploadsOf(owner.userId)).toEqual([]);
    expect((await call<{ items: MultipartUpload[] }>('/api/uploads', { token: owner.accessToken })).body.items).toEqual([]);
    expect(await filesIn(owner, folder.id)).toEqual([]);
  }, 60_000);
});

/** A start from a client address of its own (the gateway reads X-Forwarded-For from loopback). */
const startFrom = (address: string, token: string, name: string) =>
  call<UploadSlot & HttpErrorBody>(`/api/public-file-requests/${token}/uploads`, {
    body: { name, size: 10, mimeType: 'text/plain' },
    headers: { 'x-forwarded-for': address },
    base: gatewayUrl(),
  });
const someAddress = () => `10.30.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
/** The seconds a 429 says to wait, in its message and in Retry-After, which must agree and lie within the minute. */
function waitOf(refused: Awaited<ReturnType<typeof startFrom>>, message: (seconds: number) => string): number {
  const seconds = Number(refused.res.headers.get('retry-after'));
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(60);
  expect(refused.body).toEqual({ statusCode: 429, code: 'TOO_MANY_ATTEMPTS', message: message(seconds), correlationId: expect.any(String) });
  return seconds;
}

describe('the rate limit on sending files through requests', () => {
  it('takes 20 uploads a minute through one request, from any address; the 21st and later are refused with Retry-After', async () => {
    const { owner, folder } = await proOwnerWithFolder();
    const token = tokenOf((await makeRequest(owner, { folderId: folder.id })).body);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await startFrom(someAddress(), token, `scan-${i}.txt`)).status);
    expect(statuses).toEqual(Array.from({ length: 20 }, () => 201));
    waitOf(await startFrom(someAddress(), token, 'one-more.txt'), FileRequestRefusal.TooManyUploads);
    // And the next, while the minute lasts.
    waitOf(await startFrom(someAddress(), token, 'and-another.txt'), FileRequestRefusal.TooManyUploads);
    // Another request of the same maker is not held up.
    const other = tokenOf((await makeRequest(owner, { folderId: folder.id })).body);
    expect((await startFrom(someAddress(), other, 'elsewhere.txt')).status).toBe(201);
  });

  it('takes 60 uploads a minute from one address through any requests, then refuses that address only', async () => {
    const { owner, folder } = await proOwnerWithFolder();
    const tokens = await Promise.all([1, 2, 3, 4].map(async () => tokenOf((await makeRequest(owner, { folderId: folder.id })).body)));
    const address = someAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) statuses.push((await startFrom(address, tokens[i % 3], `page-${i}.txt`)).status);
    expect(statuses).toEqual(Array.from({ length: 60 }, () => 201));
    waitOf(await startFrom(address, tokens[3], 'page-60.txt'), FileRequestRefusal.TooManyUploadsFromAddress);
    expect((await startFrom(someAddress(), tokens[3], 'from-elsewhere.txt')).status).toBe(201);
  });
});
