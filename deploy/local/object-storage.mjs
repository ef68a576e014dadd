#!/usr/bin/env node
// The embedded S3 of Coffer: s3rver with the files bucket and its CORS rules,
// so the browser can PUT to presigned URLs. s3rver itself accepts any v4
// signature, so every request is checked first as S3 would (sigv4.mjs): the
// store's key, unexpired, the signed headers as sent (a presigned PUT's size),
// and a PUT with `if-none-match: *` refused when the object exists (one use
// of an upload slot), as S3 and MinIO do.
import fs from 'node:fs';
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

const front = http.createServer(async (req, res) => {
  // CORS preflights carry no signature; s3rver answers them from the bucket's CORS rules.
  if (req.method === 'OPTIONS') return s3rver(req, res);
  const verdict = verifySignature(req, keys);
  if (!verdict.ok) {
    req.resume();
    return answer(res, verdict.status, verdict.code, verdict.message);
  }
  const [path, query = ''] = req.url.split('?');
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
await new Promise((resolve, reject) => front.once('error', reject).listen(Number(opts.port), '127.0.0.1', resolve));
process.stdout.write(`s3rver on http://127.0.0.1:${opts.port}, bucket ${opts.bucket}, signatures checked\n`);
const stop = () => {
  front.close(() => process.exit(0));
  front.closeAllConnections();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
