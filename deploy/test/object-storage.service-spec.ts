// The embedded S3 (deploy/local/object-storage.mjs, a worker per CPU) against the S3
// behaviours Coffer counts on: a multipart object kept as its parts reads back as the same
// bytes whole and in any range; a later PUT, completion, copy or delete of the key sees the
// right bytes; a PUT broken off keeps nothing; one `if-none-match: *` PUT of a key wins.
import http from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ObjectStore } from '@coffer/server-core/object-store';
import { eventually } from '@coffer/server-core/testing';

const Bucket = 'coffer-files';
const MB = 1024 * 1024;
const s3 = new S3Client({
  endpoint: process.env.COFFER_TEST_S3_ENDPOINT,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});
const prefix = `object-storage-${randomUUID()}`;
afterAll(() => s3.destroy());

async function read(Key: string, Range?: string): Promise<Buffer> {
  const out = await s3.send(new GetObjectCommand({ Bucket, Key, Range }));
  return Buffer.from(await out.Body!.transformToByteArray());
}

const exists = (Key: string) =>
  s3.send(new HeadObjectCommand({ Bucket, Key })).then(
    () => true,
    (err: { name?: string }) => (err.name === 'NotFound' ? false : Promise.reject(err)),
  );

/** Stores `parts` as one multipart upload of `Key` (sent all at once, as the browser does); gives its id. */
async function storeInParts(Key: string, parts: Buffer[]): Promise<string> {
  const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket, Key }));
  const etags = await Promise.all(
    parts.map((Body, i) => s3.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: i + 1, Body })).then((r) => r.ETag)),
  );
  await s3.send(
    new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: etags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) } }),
  );
  return UploadId!;
}

/** A PUT of `size` bytes with `if-none-match: *` that sends only `sent` of them and is broken off. */
async function putBrokenOff(Key: string, size: number, sent: number): Promise<void> {
  const url = new URL(await getSignedUrl(s3, new PutObjectCommand({ Bucket, Key, IfNoneMatch: '*' }), { expiresIn: 600 }));
  await new Promise<void>((resolve) => {
    const req = http.request(url, { method: 'PUT', headers: { 'content-length': size, 'if-none-match': '*' } });
    req.on('error', () => resolve());
    req.write(randomBytes(sent), () => setImmediate(() => req.destroy()));
    req.on('close', () => resolve());
  });
}

describe('the embedded S3', () => {
  const parts = [randomBytes(5 * MB), randomBytes(5 * MB), randomBytes(1234)];
  const whole = Buffer.concat(parts);

  it('reads a multipart object back whole and in any range, across its parts', async () => {
    const Key = `${prefix}/parts.bin`;
    await storeInParts(Key, parts);

    const head = await s3.send(new HeadObjectCommand({ Bucket, Key }));
    expect(head.ContentLength).toBe(whole.length);
    expect(head.ETag).toMatch(/^"[0-9a-f]{32}-3"$/);
    expect((await read(Key)).equals(whole)).toBe(true);
    const ranges: Array<[number, number]> = [
      [0, 0],
      [100, 5 * MB - 1],
      [5 * MB - 10, 5 * MB + 9],
      [5 * MB - 1, 10 * MB + 100],
      [10 * MB, whole.length - 1],
    ];
    for (const [start, end] of ranges)
      expect([start, end, (await read(Key, `bytes=${start}-${end}`)).equals(whole.subarray(start, end + 1))]).toEqual([start, end, true]);
    expect((await read(Key, 'bytes=3000000-')).equals(whole.subarray(3_000_000))).toBe(true);
    expect((await read(Key, 'bytes=-2000')).equals(whole.subarray(-2000))).toBe(true);
    const listed = await s3.send(new ListObjectsV2Command({ Bucket, Prefix: `${prefix}/parts` }));
    expect(listed.Contents?.map((o) => [o.Key, o.Size])).toEqual([[Key, whole.length]]);
  });

  it('reads what was stored last over a multipart object, copies one, and deletes one whole', async () => {
    const Key = `${prefix}/replaced.bin`;
    await storeInParts(Key, parts);
    const small = randomBytes(4096);
    await s3.send(new PutObjectCommand({ Bucket, Key, Body: small }));
    expect((await read(Key)).equals(small)).toBe(true);
    const again = [randomBytes(5 * MB), randomBytes(77)];
    await storeInParts(Key, again);
    expect((await read(Key)).equals(Buffer.concat(again))).toBe(true);
    const lastUpload = await storeInParts(Key, parts);
    expect((await read(Key, 'bytes=5242870-5242889')).equals(whole.subarray(5_242_870, 5_242_890))).toBe(true);

    // The upload is over: a part sent to it now is refused, and makes nothing.
    const late = s3.send(new UploadPartCommand({ Bucket, Key, UploadId: lastUpload, PartNumber: 4, Body: randomBytes(1024) }));
    await expect(late).rejects.toMatchObject({ name: 'NoSuchUpload' });

    const copy = `${prefix}/copy.bin`;
    await s3.send(new CopyObjectCommand({ Bucket, Key: copy, CopySource: `${Bucket}/${Key}` }));
    await s3.send(new DeleteObjectCommand({ Bucket, Key }));
    expect(await exists(Key)).toBe(false);
    expect((await read(copy)).equals(whole)).toBe(true);
    await s3.send(new DeleteObjectCommand({ Bucket, Key: copy }));
    expect(await exists(copy)).toBe(false);
  });

  it('completes an upload once when it is completed twice at once, and keeps one a wrong ETag did not complete', async () => {
    const Key = `${prefix}/twice.bin`;
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket, Key }));
    const etags = await Promise.all(
      parts.map((Body, i) => s3.send(new UploadPartCommand({ Bucket, Key, UploadId, PartNumber: i + 1, Body })).then((r) => r.ETag!)),
    );
    const complete = (tags: string[]) =>
      s3.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId, MultipartUpload: { Parts: tags.map((ETag, i) => ({ ETag, PartNumber: i + 1 })) } }));

    await expect(complete([etags[0], etags[1], `"${'0'.repeat(32)}"`])).rejects.toMatchObject({ name: 'InvalidPart' });
    expect((await s3.send(new ListPartsCommand({ Bucket, Key, UploadId }))).Parts?.map((p) => p.PartNumber)).toEqual([1, 2, 3]);
    const outcomes = await Promise.allSettled([complete(etags), complete(etags), complete(etags)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.flatMap((o) => (o.status === 'rejected' ? [(o.reason as { name: string }).name] : []))).toEqual(['NoSuchUpload', 'NoSuchUpload']);
    expect((await read(Key)).equals(whole)).toBe(true);
  });

  it('finishes a read of a multipart object deleted while it is read, and reads a PUT of a manifest as its bytes', async () => {
    const Key = `${prefix}/read-while-deleted.bin`;
    // 40 MB: more than the connection holds, so most of it is read after the delete.
    const big = Array.from({ length: 8 }, () => randomBytes(5 * MB));
    await storeInParts(Key, big);
    const out = await s3.send(new GetObjectCommand({ Bucket, Key }));
    const chunks: Buffer[] = [];
    const stream = out.Body as AsyncIterable<Uint8Array>;
    const iterator = stream[Symbol.asyncIterator]();
    const first = await iterator.next();
    chunks.push(Buffer.from(first.value!));
    await s3.send(new DeleteObjectCommand({ Bucket, Key }));
    expect(await exists(Key)).toBe(false);
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) chunks.push(Buffer.from(next.value));
    expect(Buffer.concat(chunks).equals(Buffer.concat(big))).toBe(true);

    // Bytes that look like a manifest are a file like any other.
    const lookalike = Buffer.from(JSON.stringify({ size: 10, etag: 'x-1', uploadId: '0'.repeat(32), parts: [{ number: 1, size: 10 }] }));
    await s3.send(new PutObjectCommand({ Bucket, Key, Body: lookalike }));
    expect((await read(Key)).equals(lookalike)).toBe(true);
  });

  it('tells the first bytes of an empty object as none (S3 answers a range of it 416)', async () => {
    const Key = `${prefix}/empty.png`;
    await s3.send(new PutObjectCommand({ Bucket, Key, Body: Buffer.alloc(0) }));
    await expect(read(Key, 'bytes=0-11')).rejects.toMatchObject({ $metadata: { httpStatusCode: 416 } });
    const store = new ObjectStore({ S3_ENDPOINT: process.env.COFFER_TEST_S3_ENDPOINT, S3_BUCKET: Bucket, S3_REGION: 'us-east-1' } as ConstructorParameters<
      typeof ObjectStore
    >[0]);
    expect(await store.head(Key, 12)).toEqual(new Uint8Array(0));
    expect(await store.head(`${prefix}/none.png`, 12)).toBeUndefined();
  });

  it('keeps nothing of a PUT broken off, and takes the same PUT again', async () => {
    const Key = `${prefix}/broken.bin`;
    await putBrokenOff(Key, 8 * MB, 2 * MB);
    expect(await exists(Key)).toBe(false);
    // Until the store has seen the connection end, the write is still under way (a second one is refused).
    const body = randomBytes(8 * MB);
    await eventually(async () => {
      const res = await s3.send(new PutObjectCommand({ Bucket, Key, Body: body, IfNoneMatch: '*' })).then(
        () => 200,
        (err: { $metadata?: { httpStatusCode?: number } }) => err.$metadata?.httpStatusCode,
      );
      return res === 200;
    }, 10_000);
    expect((await read(Key)).equals(body)).toBe(true);
  });

  it('stores one of many PUTs of a key with if-none-match sent at once, whichever worker takes each', async () => {
    const Key = `${prefix}/once.bin`;
    const bodies = Array.from({ length: 8 }, () => randomBytes(2 * MB));
    // Separate connections, so the workers each take some.
    const statuses = await Promise.all(
      bodies.map(async (body) => {
        const url = await getSignedUrl(s3, new PutObjectCommand({ Bucket, Key, IfNoneMatch: '*' }), { expiresIn: 600 });
        const res = await fetch(url, { method: 'PUT', headers: { 'if-none-match': '*', connection: 'close' }, body });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 412)).toHaveLength(7);
    const stored = await read(Key);
    expect(stored.equals(bodies[statuses.indexOf(200)])).toBe(true);
  });
});
