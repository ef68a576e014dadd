// A 1 GB folder (64 files of 16 MB) downloaded as one zip through Coffer (the address asked of the gateway, the
// form posted to it, the zip streamed by the gateway as it reads each object from storage) against reading the
// same 64 objects straight from S3 one after the other, in the same run. The zip is stored (no compression: what
// a business keeps is mostly compressed already, and a stored zip goes as fast as storage reads), so the ratio
// is what Coffer's streaming costs. Target: at least 0.8 of S3 direct.
//
// Needs a running Coffer (it never starts one):
//   COFFER_BENCH_APP_URL=… COFFER_BENCH_S3_ENDPOINT=… node bench/zip.mjs
// COFFER_BENCH_ZIP_FILES (64) and COFFER_BENCH_ROUNDS (3) change the size and the runs.
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

const appUrl = process.env.COFFER_BENCH_APP_URL;
const s3Endpoint = process.env.COFFER_BENCH_S3_ENDPOINT;
if (!appUrl || !s3Endpoint) {
  console.error('zip: set COFFER_BENCH_APP_URL and COFFER_BENCH_S3_ENDPOINT of a running Coffer');
  process.exit(2);
}
const FILES = Number(process.env.COFFER_BENCH_ZIP_FILES ?? 64);
const FILE_BYTES = 16_000_000; // one presigned PUT each (multipart starts above 16 MB)
const ROUNDS = Number(process.env.COFFER_BENCH_ROUNDS ?? 3);

const json = (body, headers = {}) => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const user = { fullName: 'Bench Zip', email: `bench-zip-${randomUUID().slice(0, 8)}@example.com`, password: `pw-${randomUUID()}` };
const { accessToken } = await (await fetch(`${appUrl}/api/auth/sign-up`, json(user))).json();
const userId = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).sub;
const auth = { authorization: `Bearer ${accessToken}` };
async function api(path, init = {}) {
  const res = await fetch(`${appUrl}/api${path}`, { ...init, headers: { ...init.headers, ...auth } });
  const body = await res.json();
  if (res.status >= 300) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}
if ((await fetch(`${appUrl}/api/subscription/trial`, json({ plan: 'business' }, auth))).status !== 201) throw new Error('trial refused');

const agent = new http.Agent({ keepAlive: true });
/** Sends a request and reads the whole answer, counting its bytes (nothing kept). */
const drain = (url, { method = 'GET', headers = {}, body } = {}) =>
  new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent, headers: body ? { ...headers, 'content-length': body.length } : headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => (res.statusCode === 200 ? resolve(bytes) : reject(new Error(`${method} ${url}: ${res.statusCode}`))));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });

const folder = await api('/folders', json({ name: 'Bench zip', parentId: 'root' }));
const bytes = randomBytes(FILE_BYTES);
for (let i = 0; i < FILES; i++) {
  const slot = await api(
    '/uploads',
    json({ name: `part-${String(i).padStart(2, '0')}.bin`, size: FILE_BYTES, mimeType: 'application/octet-stream', folderId: folder.id }),
  );
  await drain(slot.url, { method: 'PUT', headers: slot.headers, body: bytes }).catch(() => undefined);
  await api(`/uploads/${slot.uploadId}/complete`, { method: 'POST' });
}

const s3 = new S3Client({
  endpoint: s3Endpoint,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});
const listed = await s3.send(new ListObjectsV2Command({ Bucket: 'coffer-files', Prefix: `${userId}/` }));
const keys = (listed.Contents ?? []).map((o) => o.Key);
if (keys.length !== FILES) throw new Error(`expected ${FILES} objects, found ${keys.length}`);

/** The same objects straight from S3, one after the other (as the zip reads them). */
async function direct() {
  let total = 0;
  for (const Key of keys) total += await drain(await getSignedUrl(s3, new GetObjectCommand({ Bucket: 'coffer-files', Key }), { expiresIn: 600 }));
  return total;
}
/** The folder as one zip through Coffer. */
async function zipped() {
  const { url } = await api('/downloads', json({ items: [folder.id] }));
  const form = Buffer.from(new URLSearchParams({ items: folder.id }).toString());
  return drain(`${appUrl}${url}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
}
const timed = async (run) => {
  const started = process.hrtime.bigint();
  const size = await run();
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, size };
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const raw = [];
const coffer = [];
let zipSize = 0;
for (let round = 0; round < ROUNDS; round++) {
  raw.push((await timed(direct)).seconds);
  const z = await timed(zipped);
  coffer.push(z.seconds);
  zipSize = z.size;
}
const mb = (FILES * FILE_BYTES) / 1e6;
const ratio = median(raw) / median(coffer);
console.log(
  `Zip of a ${(mb / 1000).toFixed(2)} GB folder (${FILES} files, stored): ${(zipSize / 1e6).toFixed(0)} MB through Coffer at ${(mb / median(coffer)).toFixed(0)} MB/s against the same objects straight from S3 at ${(mb / median(raw)).toFixed(0)} MB/s: ${ratio.toFixed(2)}x (target >= 0.8; median of ${ROUNDS})`,
);
agent.destroy();
process.exit(ratio >= 0.8 ? 0 : 1);
