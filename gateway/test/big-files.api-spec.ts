import { createHash, randomBytes } from 'node:crypto';
import { ListPartsCommand } from '@aws-sdk/client-s3';
import type { FileItem, FileLink, HttpErrorBody, ListUploadsReply, MultipartUpload, StorageUsage, UploadPartsReply } from '@coffer/contracts';
import { call, objectsOf, signUp, stackS3 as s3, storeUploadsOf as storeUploadsOfUser, type TestUser } from './support.js';

const MB = 1024 * 1024;
const GB = 1024 * MB;

const storeUploadsOf = (user: TestUser) => storeUploadsOfUser(user.userId);

/** A user on a paid plan (a Business trial): files up to 10 GB. */
async function paidUser(): Promise<TestUser> {
  const user = await signUp();
  expect((await call('/api/subscription/trial', { body: { plan: 'business' }, token: user.accessToken })).status).toBe(201);
  return user;
}

const startUpload = (user: TestUser, name: string, size: number) =>
  call<MultipartUpload & HttpErrorBody>('/api/uploads', {
    body: { name, size, mimeType: 'video/mp4', lastModified: 1_700_000_000_000 },
    token: user.accessToken,
  });

const partUrls = (user: TestUser, uploadId: string, partNumbers: number[]) =>
  call<UploadPartsReply & HttpErrorBody>(`/api/uploads/${uploadId}/parts`, { body: { partNumbers }, token: user.accessToken });

/** Sends parts of `bytes` as the browser does: each to its presigned URL (given with the upload, or asked for), exactly its size. */
async function sendParts(user: TestUser, upload: MultipartUpload, bytes: Buffer, partNumbers: number[], given = false) {
  const parts = given ? upload.parts!.filter((p) => partNumbers.includes(p.partNumber)) : (await partUrls(user, upload.uploadId, partNumbers)).body.parts;
  for (const part of parts) {
    const start = (part.partNumber - 1) * upload.partSize;
    const res = await fetch(part.url, { method: 'PUT', body: new Uint8Array(bytes.subarray(start, start + part.size)) });
    expect(res.status).toBe(200);
  }
}

const complete = (user: TestUser, uploadId: string) =>
  call<FileItem & HttpErrorBody>(`/api/uploads/${uploadId}/complete`, { method: 'POST', token: user.accessToken });
const openUploads = async (user: TestUser) => (await call<ListUploadsReply>('/api/uploads', { token: user.accessToken })).body.items;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('big files', () => {
  it('go as a multipart upload: parts sent in any order, resumed after a break, joined byte for byte', async () => {
    const user = await paidUser();
    const bytes = randomBytes(37 * MB);
    const started = await startUpload(user, 'Site survey.mp4', bytes.length);
    expect(started.status).toBe(201);
    const upload = started.body;
    expect(upload).toMatchObject({
      name: 'Site survey.mp4',
      size: 37 * MB,
      partSize: 8 * MB,
      partCount: 5,
      uploadedParts: [],
      lastModified: 1_700_000_000_000,
    });
    // The first parts' URLs come with it (here all five), each for exactly its part's size.
    expect(upload.parts?.map((p) => [p.partNumber, p.size])).toEqual([...[1, 2, 3, 4].map((n) => [n, 8 * MB]), [5, 5 * MB]]);

    // Three parts arrive, then the connection drops: the upload remembers which, for any browser of the user.
    await sendParts(user, upload, bytes, [5, 1, 3], true);
    expect(await openUploads(user)).toEqual([expect.objectContaining({ uploadId: upload.uploadId, uploadedParts: [1, 3, 5] })]);
    const early = await complete(user, upload.uploadId);
    expect([early.status, early.body.message]).toEqual([400, '2 parts of the file did not arrive. Please resume the upload.']);

    // Each part URL takes exactly its part's size: more or fewer bytes are refused by the store.
    const { body: urls } = await partUrls(user, upload.uploadId, [2]);
    expect((await fetch(urls.parts[0].url, { method: 'PUT', body: new Uint8Array(9 * MB) })).status).toBe(403);
    expect((await fetch(urls.parts[0].url, { method: 'PUT', body: new Uint8Array(MB) })).status).toBe(403);
    // And only as its own part: the same URL for another part of the same size is refused.
    const otherPart = new URL(urls.parts[0].url);
    otherPart.searchParams.set('partNumber', '4');
    expect((await fetch(otherPart, { method: 'PUT', body: new Uint8Array(8 * MB) })).status).toBe(403);

    // Resumed: only the missing parts are sent.
    await sendParts(user, upload, bytes, [2, 4]);
    const file = await complete(user, upload.uploadId);
    expect(file.status).toBe(201);
    expect(file.body).toMatchObject({ name: 'Site survey.mp4', size: 37 * MB, mimeType: 'video/mp4' });
    const link = await call<FileLink>(`/api/files/${file.body.id}/link?disposition=attachment`, { token: user.accessToken });
    expect(sha256(Buffer.from(await (await fetch(link.body.url)).arrayBuffer()))).toBe(sha256(bytes));
    expect((await call<StorageUsage>('/api/storage/usage', { token: user.accessToken })).body.usedBytes).toBe(37 * MB);
    expect(await openUploads(user)).toEqual([]);
    // Confirmed once: a second confirmation (a retry whose first reply was lost) gets the same file as it is now (downloaded since), and adds none.
    const again = await complete(user, upload.uploadId);
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ ...file.body, lastAccessedAt: expect.any(String) });
    expect((await call<StorageUsage>('/api/storage/usage', { token: user.accessToken })).body.usedBytes).toBe(37 * MB);
  }, 120_000);

  it('confirmed three times at once (retries beside the first), becomes one file, and every confirmation answers with it', async () => {
    const user = await paidUser();
    const bytes = randomBytes(17 * MB);
    const upload = (await startUpload(user, 'Board minutes.mp4', bytes.length)).body;
    await sendParts(user, upload, bytes, [1, 2, 3], true);
    const answers = await Promise.all([1, 2, 3].map(() => complete(user, upload.uploadId)));
    const files = (await call<{ items: FileItem[] }>('/api/files', { token: user.accessToken })).body.items.filter((f) => !f.isFolder);
    expect(files.map((f) => [f.name, f.size])).toEqual([['Board minutes.mp4', 17 * MB]]);
    expect(answers.map((a) => [a.status, a.body.id])).toEqual([1, 2, 3].map(() => [201, files[0].id]));
    expect((await call<StorageUsage>('/api/storage/usage', { token: user.accessToken })).body.usedBytes).toBe(17 * MB);
    const link = await call<FileLink>(`/api/files/${files[0].id}/link?disposition=attachment`, { token: user.accessToken });
    expect(sha256(Buffer.from(await (await fetch(link.body.url)).arrayBuffer()))).toBe(sha256(bytes));
  }, 60_000);

  it('a cancelled upload keeps nothing: no parts, no object, no open upload', async () => {
    const user = await paidUser();
    const bytes = randomBytes(20 * MB);
    const upload = (await startUpload(user, 'Disk image.iso', bytes.length)).body;
    await sendParts(user, upload, bytes, [1]);
    const [held] = await storeUploadsOf(user);
    const parts = await s3().send(new ListPartsCommand({ Bucket: 'coffer-files', Key: held.key, UploadId: held.uploadId }));
    expect(parts.Parts?.map((p) => [p.PartNumber, p.Size])).toEqual([[1, 8 * MB]]);

    expect((await call(`/api/uploads/${upload.uploadId}`, { method: 'DELETE', token: user.accessToken })).status).toBe(204);
    expect(await openUploads(user)).toEqual([]);
    expect(await objectsOf(user.userId)).toEqual([]);
    expect(await storeUploadsOf(user)).toEqual([]);
    await expect(s3().send(new ListPartsCommand({ Bucket: 'coffer-files', Key: held.key, UploadId: held.uploadId }))).rejects.toMatchObject({
      name: 'NoSuchUpload',
    });
    expect((await partUrls(user, upload.uploadId, [2])).status).toBe(404);
    expect((await complete(user, upload.uploadId)).status).toBe(404);
    expect((await call(`/api/uploads/${upload.uploadId}`, { method: 'DELETE', token: user.accessToken })).status).toBe(404);
  }, 60_000);

  it("are checked against the plan's largest file and the storage left, and are nobody else's to send or cancel", async () => {
    const trial = await signUp();
    const refused = await startUpload(trial, 'Film.mov', 60 * MB);
    expect([refused.status, refused.body.message]).toEqual([413, 'This file is larger than 50MB, the largest file your plan accepts.']);

    const user = await paidUser();
    const huge = await startUpload(user, 'Archive.tar', 10 * GB + 1);
    expect([huge.status, huge.body.message]).toEqual([413, 'This file is larger than 10GB, the largest file your plan accepts.']);
    // The store's upload, started while the plan was looked up, went with the refusal.
    expect(await storeUploadsOf(user)).toEqual([]);
    const upload = (await startUpload(user, 'Archive.tar', 10 * GB)).body;
    // 10 GB in parts of 8 MB: 1,280 of them, asked for at most 100 at a time, none past the last.
    expect([upload.partSize, upload.partCount]).toEqual([8 * MB, 1280]);
    expect(upload.parts?.map((p) => p.partNumber)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect((await partUrls(user, upload.uploadId, [1281])).body).toMatchObject({ statusCode: 400, message: 'No such part' });
    expect(
      (
        await partUrls(
          user,
          upload.uploadId,
          Array.from({ length: 101 }, (_, i) => i + 1),
        )
      ).status,
    ).toBe(400);
    const last = (await partUrls(user, upload.uploadId, [1280])).body.parts[0];
    expect([last.partNumber, last.size]).toEqual([1280, 8 * MB]);

    const stranger = await paidUser();
    expect((await partUrls(stranger, upload.uploadId, [1])).status).toBe(404);
    expect((await call(`/api/uploads/${upload.uploadId}`, { method: 'DELETE', token: stranger.accessToken })).status).toBe(404);
    expect(await openUploads(stranger)).toEqual([]);
    expect((await call(`/api/uploads/${upload.uploadId}`, { method: 'DELETE', token: user.accessToken })).status).toBe(204);
  }, 60_000);
});
