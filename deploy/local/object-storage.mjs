#!/usr/bin/env node
// The embedded S3 of Coffer: s3rver with the files bucket and its CORS rules,
// so the browser can PUT to presigned URLs. s3rver itself accepts any v4
// signature, so every request is checked first as S3 would (sigv4.mjs): the
// store's key, unexpired, the signed headers as sent (a presigned PUT's size),
// and a PUT with `if-none-match: *` refused when the object exists (one use
// of an upload slot), as S3 and MinIO do. It also answers the two multipart
// calls s3rver lacks: ListParts (which parts arrived, for resuming) and
// AbortMultipartUpload (a cancelled upload keeps nothing).
import fs from 'node:fs';
import nodePath from 'node:path';
import http from 'node:http';
import { parseArgs } from 'node:util';
import S3rver from 's3rver';
import { s3ErrorXml, verifySignature } from './sigv4.mjs';

const { values: opts } = parseArgs({
  options: {
    port: { type: 'string', default: '4569' },
    dir: { type: 'string', default: '.data/s3' },
    bucket: { type: 'string', default: 'coffer-files' },
    origin: { type: 'string', multiple: true, default: ['http://localhost:3000'] },
  },
});
fs.mkdirSync(opts.dir, { recursive: true });
const cors = `<CORSConfiguration>
  <CORSRule>
    ${opts.origin.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join('\n    ')}
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;
const server = new S3rver({
  directory: opts.dir,
  silent: true,
  configureBuckets: [{ name: opts.bucket, configs: [cors] }],
});
await server.configureBuckets();
const s3rver = server.callback();
/** The store's only key: the services' S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY (s3rver's own by default). */
const keys = { [process.env.S3_ACCESS_KEY_ID ?? 'S3RVER']: process.env.S3_SECRET_ACCESS_KEY ?? 'S3RVER' };
/** Objects being written with if-none-match: * right now (a second such PUT of the same key waits for nothing: it is refused). */
const writing = new Set();

function answer(res, status, code, message) {
  res.writeHead(status, { 'content-type': 'application/xml' }).end(s3ErrorXml(code, message));
}

const xmlText = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const noSuchUpload = (res) => answer(res, 404, 'NoSuchUpload', 'The specified upload does not exist.');

/** Where s3rver keeps the parts of a multipart upload of `key`, or undefined when there is no such upload. */
async function uploadDir(bucket, key, uploadId) {
  if (!/^[0-9a-f]{32}$/.test(uploadId)) return undefined;
  const dir = nodePath.join(server.store.getResourcePath(bucket, undefined, 'uploads'), uploadId);
  const storedKey = await fs.promises.readFile(nodePath.join(dir, 'key'), 'utf8').catch(() => undefined);
  return storedKey === key ? dir : undefined;
}

/** ListParts: the parts stored whole (s3rver writes a part's MD5 once all of it arrived), a page at a time. */
async function listParts(res, bucket, key, params) {
  const uploadId = params.get('uploadId') ?? '';
  const dir = await uploadDir(bucket, key, uploadId);
  if (!dir) return noSuchUpload(res);
  const marker = Number(params.get('part-number-marker') ?? 0) || 0;
  const maxParts = Math.min(1000, Math.max(1, Number(params.get('max-parts') ?? 1000) || 1000));
  const names = new Set(await fs.promises.readdir(dir));
  const numbers = [...names].filter((n) => /^\d+$/.test(n) && names.has(`${n}.md5`)).map(Number).filter((n) => n > marker).sort((a, b) => a - b);
  const page = numbers.slice(0, maxParts);
  const parts = await Promise.all(
    page.map(async (n) => {
      const file = nodePath.join(dir, String(n));
      const [stat, md5] = await Promise.all([fs.promises.stat(file), fs.promises.readFile(`${file}.md5`, 'utf8')]);
      return `<Part><PartNumber>${n}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${md5.trim()}"</ETag><Size>${stat.size}</Size></Part>`;
    }),
  );
  const truncated = numbers.length > page.length;
  res.writeHead(200, { 'content-type': 'application/xml' }).end(
    `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${xmlText(bucket)}</Bucket><Key>${xmlText(key)}</Key>` +
      `<UploadId>${uploadId}</UploadId><PartNumberMarker>${marker}</PartNumberMarker><NextPartNumberMarker>${page.at(-1) ?? marker}</NextPartNumberMarker>` +
      `<MaxParts>${maxParts}</MaxParts><IsTruncated>${truncated}</IsTruncated>${parts.join('')}</ListPartsResult>`,
  );
}

/** AbortMultipartUpload: the parts sent are deleted. */
async function abortUpload(res, bucket, key, params) {
  const dir = await uploadDir(bucket, key, params.get('uploadId') ?? '');
  if (!dir) return noSuchUpload(res);
  await fs.promises.rm(dir, { recursive: true, force: true });
  res.writeHead(204).end();
}

const front = http.createServer(async (req, res) => {
  // CORS preflights carry no signature; s3rver answers them from the bucket's CORS rules.
  if (req.method === 'OPTIONS') return s3rver(req, res);
  const verdict = verifySignature(req, keys);
  if (!verdict.ok) {
    req.resume();
    return answer(res, verdict.status, verdict.code, verdict.message);
  }
  const [path, query = ''] = req.url.split('?');
  const params = new URLSearchParams(query);
  if (params.has('uploadId') && (req.method === 'GET' || req.method === 'DELETE')) {
    const [, bucket, ...key] = path.split('/');
    req.resume();
    const multipartCall = req.method === 'GET' ? listParts : abortUpload;
    return multipartCall(res, decodeURIComponent(bucket), decodeURIComponent(key.join('/')), params).catch((err) => answer(res, 500, 'InternalError', String(err)));
  }
  const isObjectPut = req.method === 'PUT' && !/(^|&)(partNumber|uploadId)=/.test(query) && !req.headers['x-amz-copy-source'];
  if (!isObjectPut || req.headers['if-none-match'] !== '*') return s3rver(req, res);
  const [, bucket, ...key] = path.split('/');
  const id = `${bucket}/${key.join('/')}`;
  if (writing.has(id) || (await server.store.existsObject(decodeURIComponent(bucket), decodeURIComponent(key.join('/'))))) {
    req.resume();
    return answer(res, 412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
  }
  writing.add(id);
  res.once('close', () => writing.delete(id));
  return s3rver(req, res);
});
// Idle connections are kept as long as S3 keeps them (Node's 5 s default closes one a client is about to reuse).
front.keepAliveTimeout = 20_000;
front.headersTimeout = 25_000;
await new Promise((resolve, reject) => front.once('error', reject).listen(Number(opts.port), '127.0.0.1', resolve));
process.stdout.write(`s3rver on http://127.0.0.1:${opts.port}, bucket ${opts.bucket}, signatures checked\n`);
const stop = () => {
  front.close(() => process.exit(0));
  front.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
