import { Logger } from '@nestjs/common';
import type { INestMicroservice } from '@nestjs/common';
import sharp from 'sharp';
import {
  BillingSubject,
  FilesEvent,
  FilesSubject,
  isMultipartUpload,
  SharingSubject,
  type AccountPlan,
  type CallerIdentity,
  type FileItem,
} from '@coffer/contracts';
import { planFeatures } from '@coffer/plans';
import { DATABASE, EventBus, loadConfig, runService, ServiceRequester, type Database } from '@coffer/server-core';
import { DATABASE_KINDS, eventually, freshDatabase, newCaller, TestCaller, testInfra } from '@coffer/server-core/testing';
import { sql } from 'drizzle-orm';
import { pdfOf, pngOf } from '../../../deploy/local/test-pictures.mjs';
import { AppModule } from '../src/app.module.js';
import { filesConfigSchema } from '../src/config.js';
import { ThumbnailsService } from '../src/thumbnails/thumbnails.service.js';
import { thumbnailOf } from '../src/thumbnails/thumbnail-image.js';
import { pdfThumbnailOf } from '../src/thumbnails/thumbnail-pdf.js';

Logger.overrideLogger(false);

/**
 * Billing and sharing are other services: the plan (Business: room for the images) and "no folder share" are answered
 * here (folder shares: folder-shares.service-spec.ts), every other request passed on.
 */
function answerOtherServices(requester: ServiceRequester) {
  const send = requester.request.bind(requester);
  const plan: AccountPlan = { planType: 'business', status: 'active', trialEndDate: null, storageLimitBytes: 10 ** 10, features: planFeatures('business') };
  requester.request = ((subject, payload, meta, timeoutMs) => {
    if (subject === BillingSubject.GetPlan) return Promise.resolve(plan);
    if (subject === SharingSubject.FolderShareGrant) return Promise.resolve({ grant: null });
    return send(subject, payload, meta, timeoutMs);
  }) as ServiceRequester['request'];
}

/** A PNG whose header claims `width` x `height` pixels, and whose data is a few empty bytes: a decompression bomb's header. */
const pngClaiming = (width: number, height: number) => pngOf(width, height, Buffer.alloc(1024));

describe.each(DATABASE_KINDS)('thumbnails on %s', (kind) => {
  let app: INestMicroservice | undefined;
  let caller: TestCaller;
  let publisher: EventBus;
  const db = () => app!.get<Database>(DATABASE);
  /** Rows a test reads itself. */
  const rowsOf = async <R>(query: ReturnType<typeof sql>) => ((await db().execute(query)) as unknown as { rows: R[] }).rows;
  const thumbnails = () => app!.get(ThumbnailsService);

  beforeAll(async () => {
    const { natsUrl, s3Endpoint } = testInfra();
    const env = { ...(await freshDatabase(kind)), NATS_URL: natsUrl, S3_ENDPOINT: s3Endpoint, S3_BUCKET: `thumbnails-test-${kind}` };
    const config = loadConfig(filesConfigSchema, { ...env, NODE_ENV: 'test', LOG_LEVEL: 'error' });
    app = await runService('files', config, AppModule.forConfig(config));
    answerOtherServices(app.get(ServiceRequester));
    caller = new TestCaller();
    publisher = await EventBus.connect({ nats: natsUrl, consumer: 'thumbnails-test-publisher', logger: new Logger('test') });
  });
  afterAll(async () => {
    await app?.close();
    await caller.close();
    await publisher.close();
  });

  /** Uploads through the real flow: a slot, one PUT of the bytes, the confirmation. */
  const upload = async (who: CallerIdentity, name: string, mimeType: string, bytes: Buffer): Promise<FileItem> => {
    const slot = await caller.request(FilesSubject.CreateUpload, { name, size: bytes.length, mimeType, folderId: 'root' }, who);
    if (isMultipartUpload(slot)) throw new Error('a small file goes in one PUT');
    expect((await fetch(slot.url, { method: 'PUT', headers: slot.headers, body: new Uint8Array(bytes) })).status).toBe(200);
    return caller.request(FilesSubject.CompleteUpload, { uploadId: slot.uploadId }, who);
  };
  /** The file as its folder lists it. */
  const listed = async (who: CallerIdentity, id: string) =>
    (await caller.request(FilesSubject.ListFiles, { folder: 'root' }, who)).items.find((i) => i.id === id)!;
  /** Waits until the file's stored object was tried for a thumbnail and nothing is being made any more. */
  const tried = async (id: string) => {
    await eventually(async () => {
      return (await rowsOf(sql`select 1 from files where id = ${id} and thumbnail_of = storage_path`)).length > 0;
    });
    await thumbnails().idle();
  };
  const status = (promise: Promise<unknown>) =>
    promise.then(
      () => 'allowed',
      (e: { status: number; message: string }) => `${e.status} ${e.message}`,
    );

  it('makes a 256 px WebP of an uploaded PNG and JPEG in the background, read by whoever may view the file', async () => {
    const owner = newCaller();
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 1000, height: 2000, channels: 3, background: '#cc6633' } })
      .jpeg()
      .toBuffer();
    const [pngFile, jpegFile] = [await upload(owner, 'Photo.png', 'image/png', png), await upload(owner, 'Scan.jpg', 'image/jpeg', jpeg)];
    // The upload answers before any thumbnail exists.
    expect(pngFile.thumbnail).toBeUndefined();

    const versions = new Map<string, string>();
    for (const [file, width, height] of [
      [pngFile, 256, 171],
      [jpegFile, 128, 256],
    ] as const) {
      const version = await eventually(async () => (await listed(owner, file.id)).thumbnail);
      expect(version).toMatch(/^[\w-]{16}$/);
      versions.set(file.id, version);
      const { data, mimeType } = await caller.request(FilesSubject.FileThumbnail, { fileId: file.id }, owner);
      expect(mimeType).toBe('image/webp');
      const decoded = await sharp(Buffer.from(data, 'base64')).metadata();
      expect({ format: decoded.format, width: decoded.width, height: decoded.height }).toEqual({ format: 'webp', width, height });
    }

    // Someone else (another account) cannot read it; a file without one has none.
    expect(await status(caller.request(FilesSubject.FileThumbnail, { fileId: pngFile.id }, newCaller()))).toBe('404 File not found');
    const text = await upload(owner, 'notes.txt', 'text/plain', Buffer.from('hello'));
    expect(await status(caller.request(FilesSubject.FileThumbnail, { fileId: text.id }, owner))).toBe('404 Thumbnail not found');

    // Moved into a folder, the file keeps its thumbnail.
    const folder = await caller.request(FilesSubject.CreateFolder, { name: 'Holiday', parentId: 'root' }, owner);
    const moved = await caller.request(FilesSubject.MoveFile, { fileId: pngFile.id, folderId: folder.id }, owner);
    expect(moved.thumbnail).toBe(versions.get(pngFile.id));
  });

  it('gives a damaged image none (the card keeps its icon) and goes on with the next', async () => {
    const owner = newCaller();
    const broken = await upload(owner, 'Broken.png', 'image/png', Buffer.concat([pngClaiming(40, 40).subarray(0, 40), Buffer.from('not the rest of a PNG')]));
    const good = await upload(
      owner,
      'Good.webp',
      'image/webp',
      await sharp({ create: { width: 64, height: 32, channels: 4, background: '#00000000' } })
        .webp()
        .toBuffer(),
    );
    await tried(broken.id);
    await tried(good.id);
    expect((await listed(owner, broken.id)).thumbnail).toBeUndefined();
    expect(await status(caller.request(FilesSubject.FileThumbnail, { fileId: broken.id }, owner))).toBe('404 Thumbnail not found');
    // Never enlarged: 64 x 32 stays 64 x 32.
    const { data } = await caller.request(FilesSubject.FileThumbnail, { fileId: good.id }, owner);
    expect(await sharp(Buffer.from(data, 'base64')).metadata()).toMatchObject({ width: 64, height: 32 });
  });

  it("makes a 256 px WebP of a PDF's first page in the background; a damaged or encrypted PDF gets none and stays downloadable", async () => {
    const owner = newCaller();
    // A page of 400 x 200 points: red on its left half, blue on its right (PDF's y goes up from the bottom).
    const pdf = pdfOf(400, 200, '1 0 0 rg 0 0 200 200 re f 0 0 1 rg 200 0 200 200 re f');
    const file = await upload(owner, 'Report.pdf', 'application/pdf', pdf);
    expect(file.thumbnail).toBeUndefined();
    const version = await eventually(async () => (await listed(owner, file.id)).thumbnail);
    expect(version).toMatch(/^[\w-]{16}$/);
    const { data, mimeType } = await caller.request(FilesSubject.FileThumbnail, { fileId: file.id }, owner);
    expect(mimeType).toBe('image/webp');
    const thumbnail = sharp(Buffer.from(data, 'base64'));
    expect(await thumbnail.metadata()).toMatchObject({ format: 'webp', width: 256, height: 128 });
    const { data: pixels, info } = await thumbnail.raw().toBuffer({ resolveWithObject: true });
    const colourAt = (x: number, y: number) => {
      const [r, g, b] = pixels.subarray((y * info.width + x) * info.channels);
      return r > 200 && g < 60 && b < 60 ? 'red' : b > 200 && r < 60 && g < 60 ? 'blue' : `rgb(${r}, ${g}, ${b})`;
    };
    expect([colourAt(40, 64), colourAt(100, 20), colourAt(160, 64), colourAt(220, 110)]).toEqual(['red', 'red', 'blue', 'blue']);

    // A damaged PDF (cut short after its header) and one that opens only with a password: none, and the upload stands.
    const damaged = Buffer.concat([Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog'), Buffer.alloc(64, 7)]);
    const locked = pdfOf(400, 200, '1 0 0 rg 0 0 200 200 re f', { encrypted: true });
    for (const [name, bytes] of [
      ['Broken.pdf', damaged],
      ['Locked.pdf', locked],
    ] as const) {
      const stored = await upload(owner, name, 'application/pdf', bytes);
      await tried(stored.id);
      expect((await listed(owner, stored.id)).thumbnail).toBeUndefined();
      expect(await status(caller.request(FilesSubject.FileThumbnail, { fileId: stored.id }, owner))).toBe('404 Thumbnail not found');
      const link = await caller.request(FilesSubject.FileLink, { fileId: stored.id, disposition: 'attachment' }, owner);
      expect(Buffer.from(await (await fetch(link.url)).arrayBuffer())).toEqual(bytes);
    }
  });

  it("ends a PDF's rendering thread that takes longer than its time", async () => {
    const pdf = pdfOf(400, 200, '1 0 0 rg 0 0 200 200 re f');
    await expect(pdfThumbnailOf(pdf, { seconds: 0.001 })).rejects.toThrow('The PDF took longer than 0.001 s');
    // The same PDF with its time is rendered (the thread before did not stay in its way).
    expect(await sharp(await pdfThumbnailOf(pdf)).metadata()).toMatchObject({ format: 'webp', width: 256, height: 128 });
  });

  it('refuses an image whose header claims 100,000 x 100,000 pixels at once, without decoding it', async () => {
    const bomb = pngClaiming(100_000, 100_000);
    // Refused on its header's size (ours, or sharp's pixel limit, both read before any pixel is decoded): its data
    // holds no pixels, so a decode would fail otherwise.
    await expect(thumbnailOf(bomb)).rejects.toThrow(/too large|pixel limit/i);

    const owner = newCaller();
    const file = await upload(owner, 'Bomb.png', 'image/png', bomb);
    await tried(file.id);
    expect((await listed(owner, file.id)).thumbnail).toBeUndefined();
  });

  it('makes one thumbnail of a stored object however often its upload event comes', async () => {
    const owner = newCaller();
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#119955' } })
      .png()
      .toBuffer();
    const file = await upload(owner, 'Twice.png', 'image/png', png);
    const first = await eventually(async () => (await listed(owner, file.id)).thumbnail);
    // The same upload announced again (as a redelivery after a lost acknowledgement would be, under a new id).
    const again = await publisher.publish(FilesEvent.FileUploaded, {
      accountId: owner.accountId,
      actorId: owner.userId,
      payload: { item: file, userId: owner.userId },
    });
    await eventually(async () => (await rowsOf(sql`select 1 from processed_events where event_id = ${again.id}`)).length > 0);
    await thumbnails().idle();
    expect((await listed(owner, file.id)).thumbnail).toBe(first);
    const rows = await rowsOf<{ made: number }>(
      sql`select count(*)::int as made from outbox where subject = ${FilesEvent.ThumbnailMade} and event->'payload'->'item'->>'id' = ${file.id}`,
    );
    expect(rows[0]).toEqual({ made: 1 });
  });
});
