// A 50 MB upload through Coffer's full path (slot from the files service via
// the gateway, PUT straight to S3 on the presigned URL, confirmation with the
// size check) against a raw PUT of the same bytes to the same S3 endpoint.
//
// Needs a running Coffer (it never starts one):
//   COFFER_BENCH_APP_URL=… COFFER_BENCH_S3_ENDPOINT=… node bench/upload.mjs
import { randomBytes, randomUUID } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

const appUrl = process.env.COFFER_BENCH_APP_URL;
const s3Endpoint = process.env.COFFER_BENCH_S3_ENDPOINT;
if (!appUrl || !s3Endpoint) {
  console.error('upload: set COFFER_BENCH_APP_URL and COFFER_BENCH_S3_ENDPOINT of a running Coffer');
  process.exit(2);
}
const ROUNDS = Number(process.env.COFFER_BENCH_ROUNDS ?? 5);
const bytes = new Uint8Array(randomBytes(50 * 1024 * 1024));
const json = (body) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const user = { fullName: 'Bench User', email: `bench-${randomUUID().slice(0, 8)}@example.com`, password: `pw-${randomUUID()}` };
const { accessToken } = await (await fetch(`${appUrl}/api/auth/sign-up`, json(user))).json();
const auth = { authorization: `Bearer ${accessToken}` };

async function throughCoffer(i) {
  const slot = await (await fetch(`${appUrl}/api/uploads`, { ...json({ name: `bench-${i}.bin`, size: bytes.length, mimeType: 'application/octet-stream' }), headers: { 'content-type': 'application/json', ...auth } })).json();
  const put = await fetch(slot.url, { method: 'PUT', headers: slot.headers, body: bytes });
  if (put.status !== 200) throw new Error(`PUT failed: ${put.status}`);
  const done = await fetch(`${appUrl}/api/uploads/${slot.uploadId}/complete`, { method: 'POST', headers: auth });
  if (done.status !== 201) throw new Error(`complete failed: ${done.status} ${await done.text()}`);
}

const s3 = new S3Client({
  endpoint: s3Endpoint,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});
async function rawPut(i) {
  const url = await getSignedUrl(s3, new PutObjectCommand({ Bucket: 'coffer-files', Key: `bench-raw/${i}.bin`, ContentType: 'application/octet-stream' }), { expiresIn: 600 });
  const put = await fetch(url, { method: 'PUT', headers: { 'content-type': 'application/octet-stream' }, body: bytes });
  if (put.status !== 200) throw new Error(`raw PUT failed: ${put.status}`);
}

/** Median seconds of `ROUNDS` runs, alternating with the other side so both see the same machine. */
const coffer = [];
const raw = [];
for (let i = 0; i < ROUNDS; i++) {
  let t = performance.now();
  await rawPut(i);
  raw.push((performance.now() - t) / 1000);
  t = performance.now();
  await throughCoffer(i);
  coffer.push((performance.now() - t) / 1000);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mbps = (s) => 50 / s;
const ratio = median(raw) / median(coffer);
console.log(
  `upload 50 MB: ${mbps(median(coffer)).toFixed(1)} MB/s through Coffer, ${mbps(median(raw)).toFixed(1)} MB/s raw PUT to S3; ratio ${ratio.toFixed(2)} (target ≥ 0.9)${ratio >= 0.9 ? '' : ' — UNDER TARGET'}`,
);
s3.destroy();
