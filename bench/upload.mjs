// Uploads through Coffer's full path against a raw PUT of the same bytes to the
// same S3 endpoint, in the same run. Files over 16 MB go as Coffer's multipart
// uploads (as the browser sends them: the upload asked of the files service via
// the gateway with its first part URLs, the others in batches, 6 parts at once
// straight to S3, then the confirmation with the size checks). Beside both, the
// same parts straight to S3 (no Coffer): what parallel parts gain on this
// machine, where the client and the store share its cores, and so what Coffer's
// own calls cost. Sizes: 50 MB, and 1 GB on a paid plan;
// then a 1 GB upload broken off at half, resumed from the parts the server
// says it holds, and read back byte for byte.
//
// Needs a running Coffer (it never starts one):
//   COFFER_BENCH_APP_URL=… COFFER_BENCH_S3_ENDPOINT=… node bench/upload.mjs
// COFFER_BENCH_UPLOAD_MB=50,1024 picks the sizes; COFFER_BENCH_ROUNDS the runs of each (7 up to 100 MB, 3 above).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

const appUrl = process.env.COFFER_BENCH_APP_URL;
const s3Endpoint = process.env.COFFER_BENCH_S3_ENDPOINT;
if (!appUrl || !s3Endpoint) {
  console.error('upload: set COFFER_BENCH_APP_URL and COFFER_BENCH_S3_ENDPOINT of a running Coffer');
  process.exit(2);
}
/** Runs of each size: a short upload's time varies more, so it is timed more often. */
const roundsOf = (sizeMb) => Number(process.env.COFFER_BENCH_ROUNDS ?? (sizeMb <= 100 ? 7 : 3));
const SIZES_MB = (process.env.COFFER_BENCH_UPLOAD_MB ?? '50,1024').split(',').map(Number);
const PARALLEL = 6;
const MB = 1024 * 1024;

const json = (body, headers = {}) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const user = { fullName: 'Bench User', email: `bench-${randomUUID().slice(0, 8)}@example.com`, password: `pw-${randomUUID()}` };
const { accessToken } = await (await fetch(`${appUrl}/api/auth/sign-up`, json(user))).json();
const auth = { authorization: `Bearer ${accessToken}` };
// A paid plan takes files up to 10 GB.
const trial = await fetch(`${appUrl}/api/subscription/trial`, json({ plan: 'business' }, auth));
if (trial.status !== 201) throw new Error(`trial: ${trial.status} ${await trial.text()}`);

async function api(path, init = {}) {
  const res = await fetch(`${appUrl}/api${path}`, { ...init, headers: { ...init.headers, ...auth } });
  const body = res.status === 204 ? undefined : await res.json();
  if (res.status >= 300) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

// The bytes go with node:http on both sides, kept-alive connections as a browser keeps them:
// undici's fetch copies a body through a web stream first (about 3.6 ms of this process's
// CPU per MB here), which on a 2-core machine takes from the store's cores what a browser's
// own network process would not.
const agent = new http.Agent({ keepAlive: true });
/** PUTs `body` to `url`; resolves with the status and the ETag. */
const put = (url, body, headers = {}) =>
  new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'PUT', agent, headers: { ...headers, 'content-length': body.length } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, etag: res.headers.etag }));
    });
    req.on('error', reject);
    req.end(body);
  });

/** Sends the parts of `upload` not yet stored (at most `limit` of them), `PARALLEL` at once, as the browser does. */
async function sendParts(upload, bytes, limit = Infinity) {
  const stored = new Set(upload.uploadedParts);
  const queue = Array.from({ length: upload.partCount }, (_, i) => i + 1)
    .filter((n) => !stored.has(n))
    .slice(0, limit);
  // A new upload comes with its first parts' URLs; the others are asked for 100 at a time.
  const urls = new Map((upload.parts ?? []).map((p) => [p.partNumber, p.url]));
  const missing = queue.filter((n) => !urls.has(n));
  for (let i = 0; i < missing.length; i += 100) {
    const { parts } = await api(`/uploads/${upload.uploadId}/parts`, json({ partNumbers: missing.slice(i, i + 100) }));
    for (const p of parts) urls.set(p.partNumber, p.url);
  }
  await putParts(queue, upload.partSize, bytes, (n) => urls.get(n));
}

/** PUTs the parts numbered in `queue` of `bytes` (in parts of `partSize`) to `urlOf(n)`, `PARALLEL` at once; gives their ETags. */
async function putParts(queue, partSize, bytes, urlOf) {
  const etags = new Map();
  const worker = async () => {
    for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
      const start = (n - 1) * partSize;
      const { status, etag } = await put(urlOf(n), bytes.subarray(start, start + partSize));
      if (status !== 200) throw new Error(`part ${n}: ${status}`);
      etags.set(n, etag);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return etags;
}

async function throughCoffer(name, bytes) {
  const upload = await api('/uploads', json({ name, size: bytes.length, mimeType: 'application/octet-stream' }));
  if (upload.partCount) await sendParts(upload, bytes);
  else if ((await put(upload.url, bytes, upload.headers)).status !== 200) throw new Error('PUT failed');
  return api(`/uploads/${upload.uploadId}/complete`, { method: 'POST' });
}

const s3 = new S3Client({
  endpoint: s3Endpoint,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});
async function rawPut(key, bytes) {
  const url = await getSignedUrl(s3, new PutObjectCommand({ Bucket: 'coffer-files', Key: key, ContentType: 'application/octet-stream' }), { expiresIn: 3600 });
  const { status } = await put(url, bytes, { 'content-type': 'application/octet-stream' });
  if (status !== 200) throw new Error(`raw PUT failed: ${status}`);
}

/**
 * The same parts as Coffer sends, straight to S3 as one multipart upload with no Coffer in
 * between: what parallel parts gain on this machine and this store, and so what Coffer's own
 * calls (asking to upload, confirming) cost beside them.
 */
async function rawMultipart(Key, bytes) {
  const Bucket = 'coffer-files';
  const partSize = Math.max(8 * MB, Math.ceil(bytes.length / 10_000 / MB) * MB);
  const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket, Key }));
  const numbers = Array.from({ length: Math.ceil(bytes.length / partSize) }, (_, i) => i + 1);
  const urls = await Promise.all(
    numbers.map((PartNumber) => getSignedUrl(s3, new UploadPartCommand({ Bucket, Key, UploadId, PartNumber }), { expiresIn: 3600 })),
  );
  const etags = await putParts([...numbers], partSize, bytes, (n) => urls[n - 1]);
  await s3.send(
    new CompleteMultipartUploadCommand({
      Bucket,
      Key,
      UploadId,
      MultipartUpload: { Parts: numbers.map((PartNumber) => ({ PartNumber, ETag: etags.get(PartNumber) })) },
    }),
  );
}

/**
 * Each upload starts on a settled machine: what the one before it wrote is on disk first (the
 * kernel writing 100 MB back while the next upload is timed takes from that upload's cores).
 */
const settled = () => spawnSync('sync');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const seconds = async (work) => {
  settled();
  const t = performance.now();
  await work();
  return (performance.now() - t) / 1000;
};

let failed = false;
// Made before anything is timed (a gigabyte of random bytes takes seconds).
const files = new Map(SIZES_MB.map((sizeMb) => [sizeMb, new Uint8Array(randomBytes(sizeMb * MB))]));
for (const [sizeMb, bytes] of files) {
  const coffer = [];
  const raw = [];
  const rawParts = [];
  // Alternating, each round in another order (none always follows the same one), so all three see the same machine.
  for (let i = 0; i < roundsOf(sizeMb); i++) {
    const [whole, inParts] = [`bench-raw/${sizeMb}-${i}.bin`, `bench-raw/${sizeMb}-${i}-parts.bin`];
    let file;
    const runs = [
      [raw, () => rawPut(whole, bytes)],
      [rawParts, () => rawMultipart(inParts, bytes)],
      [coffer, async () => (file = await throughCoffer(`bench-${sizeMb}-${i}.bin`, bytes))],
    ];
    for (let k = 0; k < runs.length; k++) {
      const [times, work] = runs[(i + k) % runs.length];
      times.push(await seconds(work));
    }
    // The objects are deleted as they go.
    for (const Key of [whole, inParts]) await s3.send(new DeleteObjectCommand({ Bucket: 'coffer-files', Key }));
    await api(`/files/${file.id}/trash`, { method: 'POST' });
    await api(`/files/${file.id}`, { method: 'DELETE' });
  }
  const ratio = median(raw) / median(coffer);
  const mbps = (times) => (sizeMb / median(times)).toFixed(1);
  console.log(
    `upload ${sizeMb} MB: ${mbps(coffer)} MB/s through Coffer (${PARALLEL} parts at once), ${mbps(raw)} MB/s one raw PUT to S3; ratio ${ratio.toFixed(2)} (target ≥ 1.0)${ratio >= 1 ? '' : ' — UNDER TARGET'}`,
  );
  console.log(
    `  the same parts straight to S3: ${mbps(rawParts)} MB/s, ${(median(raw) / median(rawParts)).toFixed(2)}x one raw PUT (what parallel parts can gain here); Coffer ${(median(rawParts) / median(coffer)).toFixed(2)}x of that`,
  );
}

// Broken off at half, resumed from the parts the server holds, read back whole.
{
  const bytes = files.get(Math.max(...SIZES_MB));
  const upload = await api('/uploads', json({ name: 'bench-resumed.bin', size: bytes.length, mimeType: 'application/octet-stream' }));
  await sendParts(upload, bytes, Math.floor(upload.partCount / 2));
  const { items } = await api('/uploads');
  const held = items.find((u) => u.uploadId === upload.uploadId);
  await sendParts(held, bytes);
  const file = await api(`/uploads/${upload.uploadId}/complete`, { method: 'POST' });
  const { url } = await api(`/files/${file.id}/link?disposition=attachment`);
  const read = createHash('sha256');
  for await (const chunk of (await fetch(url)).body) read.update(chunk);
  const exact = read.digest('hex') === createHash('sha256').update(bytes).digest('hex');
  console.log(
    `upload resumed: ${bytes.length / MB} MB broken off after ${held.uploadedParts.length} of ${upload.partCount} parts, resumed with the other ${upload.partCount - held.uploadedParts.length}: ${exact ? 'byte-exact' : 'NOT THE SAME BYTES'}`,
  );
  if (!exact) failed = true;
}
s3.destroy();
agent.destroy();
process.exit(failed ? 1 : 0);
