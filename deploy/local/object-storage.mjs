#!/usr/bin/env node
// The embedded S3 of Coffer: s3rver with the files bucket and its CORS rules,
// so the browser can PUT to presigned URLs. s3rver itself accepts any v4
// signature, so every request is checked first as S3 would (sigv4.mjs): the
// store's key, unexpired, the signed headers as sent (a presigned PUT's size),
// and a PUT with `if-none-match: *` refused when the object exists (one use
// of an upload slot), as S3 and MinIO do. It also answers the two multipart
// calls s3rver lacks: ListParts (which parts arrived, for resuming) and
// AbortMultipartUpload (a cancelled upload keeps nothing), completes a
// multipart upload as S3 does (parts checked, joined without hashing again),
// and reads a suffix range (`bytes=-N`, the last N bytes) as S3 does.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import nodePath from 'node:path';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import S3rver from 's3rver';
import S3Error from 's3rver/lib/models/error.js';
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

/**
 * CompleteMultipartUpload as S3 does it: every part listed must be stored with the ETag given
 * (InvalidPart otherwise); the object is the parts joined in order, put in place at once; its
 * ETag is the MD5 of the parts' MD5s and "-N", so the bytes are not read to be hashed again
 * (s3rver's own joins through a hash of the whole object: a second pass over a gigabyte).
 */
server.store.putObjectMultipart = async function putObjectMultipart(bucket, uploadId, parts) {
  const dir = nodePath.join(this.getResourcePath(bucket, undefined, 'uploads'), uploadId);
  const [key, metadata] = await Promise.all([fs.promises.readFile(nodePath.join(dir, 'key'), 'utf8'), fs.promises.readFile(nodePath.join(dir, 'metadata'), 'utf8').then(JSON.parse)]);
  const ordered = [...parts].sort((a, b) => a.number - b.number);
  const md5s = await Promise.all(ordered.map((p) => fs.promises.readFile(nodePath.join(dir, `${p.number}.md5`), 'utf8').then((m) => m.trim(), () => undefined)));
  ordered.forEach((p, i) => {
    if (md5s[i] !== p.etag) throw new S3Error('InvalidPart', 'One or more of the specified parts could not be found. The part might not have been uploaded, or the specified entity tag might not have matched the part\'s entity tag.');
  });
  const joined = nodePath.join(dir, 'joined');
  await fs.promises.rename(nodePath.join(dir, String(ordered[0].number)), joined);
  for (const p of ordered.slice(1)) {
    await pipeline(fs.createReadStream(nodePath.join(dir, String(p.number)), { highWaterMark: 1 << 20 }), fs.createWriteStream(joined, { flags: 'a' }));
  }
  const objectPath = this.getResourcePath(bucket, key, 'object');
  await fs.promises.mkdir(nodePath.dirname(objectPath), { recursive: true });
  await fs.promises.rename(joined, objectPath);
  const md5 = `${createHash('md5').update(Buffer.concat(md5s.map((m) => Buffer.from(m, 'hex')))).digest('hex')}-${ordered.length}`;
  await this.putMetadata(bucket, key, metadata, md5);
  await fs.promises.rm(dir, { recursive: true, force: true });
  return { md5, size: (await fs.promises.stat(objectPath)).size };
};
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
  const suffix = req.method === 'GET' && /^bytes=-(\d+)$/.exec(req.headers.range ?? '');
  if (suffix) {
    // The last N bytes (a suffix range), which s3rver reads as the first N: asked as the range from where they start.
    const [, bucket, ...key] = path.split('/');
    const size = Number((await server.store.getMetadata(decodeURIComponent(bucket), decodeURIComponent(key.join('/'))).catch(() => undefined))?.['content-length']);
    if (key.length && Number.isFinite(size)) req.headers.range = `bytes=${Math.max(0, size - Number(suffix[1]))}-`;
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
