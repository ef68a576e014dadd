#!/usr/bin/env node
// The embedded S3 of Coffer: s3rver with the files bucket and its CORS rules,
// so the browser can PUT to presigned URLs. s3rver itself accepts any v4
// signature, so every request is checked first as S3 would (sigv4.mjs): the
// store's key, unexpired, the signed headers as sent (a presigned PUT's size),
// and a PUT with `if-none-match: *` refused when the object exists (one use
// of an upload slot), as S3 and MinIO do. It also answers the two multipart
// calls s3rver lacks: ListParts (which parts arrived, for resuming) and
// AbortMultipartUpload (a cancelled upload keeps nothing), completes a
// multipart upload as S3 does (parts checked, kept as they are: see
// multipart-store.mjs), writes a PUT whole or not at all, and reads a suffix
// range (`bytes=-N`, the last N bytes) as S3 does.
//
// Like S3 (and MinIO) it serves on every core: a worker per CPU (or
// COFFER_S3_WORKERS) shares the port, so the parts of an upload sent at once are
// written at once, where one stream goes as fast as one core writes it. With one
// worker it serves alone, in one process (`npm start`'s lean stack).
import cluster from 'node:cluster';
import fs from 'node:fs';
import nodePath from 'node:path';
import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import S3rver from 's3rver';
import { keepObjectsAsS3Does } from './multipart-store.mjs';
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
const WORKERS = Math.max(1, Number(process.env.COFFER_S3_WORKERS) || os.availableParallelism());
/** One worker: served by this process alone (no primary beside it), as a small machine's `npm start` does. */
const ALONE = WORKERS === 1;
/** The keys being written with `if-none-match: *` when ALONE (the primary holds them otherwise). */
const ownClaims = new Set();
const listening = () => process.stdout.write(`s3rver on http://127.0.0.1:${opts.port}, bucket ${opts.bucket}, signatures checked, ${WORKERS} workers\n`);

/** The primary: starts the workers, starts another for one that dies, and stops them all on SIGTERM or SIGINT. */
function superviseWorkers() {
  let stopping = false;
  let ready = 0;
  const alive = new Set();
  /** The keys being written with `if-none-match: *`, each by the worker that claimed it (see claimFirstWrite). */
  const claims = new Map();
  const start = () => {
    const worker = cluster.fork();
    let served = false;
    alive.add(worker);
    let gone = false;
    const dropClaims = () => {
      gone = true;
      for (const [id, owner] of claims) if (owner === worker.id) claims.delete(id);
    };
    worker.on('message', (msg) => {
      // A message read after the worker went is from no one: a claim kept for it would hold its key forever.
      if (gone) return;
      if (msg?.claim !== undefined) {
        const free = !claims.has(msg.claim);
        if (free) claims.set(msg.claim, worker.id);
        // A worker gone meanwhile: the send fails (reported to the callback, not thrown), its claims go below.
        worker.send({ seq: msg.seq, granted: free }, () => undefined);
      } else if (msg?.release !== undefined && claims.get(msg.release) === worker.id) claims.delete(msg.release);
    });
    worker.on('error', () => undefined);
    worker.once('disconnect', dropClaims);
    worker.once('listening', () => {
      served = true;
      if (++ready === WORKERS) listening();
    });
    worker.once('exit', (code, signal) => {
      alive.delete(worker);
      dropClaims();
      if (!stopping && !served) {
        // It never served (the port taken, a broken store): starting another would fail the same way.
        process.exitCode = 1;
        stop();
      } else if (!stopping && code !== 0) {
        process.stderr.write(`s3rver worker ended (${signal ?? code}); starting another\n`);
        return start();
      }
      if (!alive.size) process.exit();
    });
  };
  const stop = () => {
    stopping = true;
    for (const worker of alive) worker.process.kill('SIGTERM');
    if (!alive.size) process.exit();
  };
  for (let i = 0; i < WORKERS; i++) start();
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
const s3rver = server.callback();
/** The store's only key: the services' S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY (s3rver's own by default). */
const keys = { [process.env.S3_ACCESS_KEY_ID ?? 'S3RVER']: process.env.S3_SECRET_ACCESS_KEY ?? 'S3RVER' };
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
  const numbers = [...names]
    .filter((n) => /^\d+$/.test(n) && names.has(`${n}.md5`))
    .map(Number)
    .filter((n) => n > marker)
    .sort((a, b) => a - b);
  const page = numbers.slice(0, maxParts);
  const parts = await Promise.all(
    page.map(async (n) => {
      const file = nodePath.join(dir, String(n));
      const [stat, md5] = await Promise.all([fs.promises.stat(file), fs.promises.readFile(`${file}.md5`, 'utf8')]);
      return `<Part><PartNumber>${n}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${md5.trim()}"</ETag><Size>${stat.size}</Size></Part>`;
    }),
  );
  const truncated = numbers.length > page.length;
  res
    .writeHead(200, { 'content-type': 'application/xml' })
    .end(
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

/** The primary's answers to this worker's claims, by the claim's number. */
const answers = new Map();
let claimsAsked = 0;
if (cluster.isWorker) {
  process.on('message', (msg) => {
    if (msg?.granted === undefined) return;
    answers.get(msg.seq)?.(msg.granted);
    answers.delete(msg.seq);
  });
}

/**
 * Claims the one write of a key that `if-none-match: *` allows, for all the workers: the primary
 * holds every claim, and drops a worker's when it dies. Returns its release, or undefined when
 * the object exists or another write of it is under way (a second PUT of the same key waits for
 * nothing: it is refused).
 */
async function claimFirstWrite(bucket, key) {
  const id = `${bucket}/${key}`;
  const seq = ++claimsAsked;
  const granted = ALONE
    ? !ownClaims.has(id) && Boolean(ownClaims.add(id))
    : await new Promise((resolve) => {
        answers.set(seq, resolve);
        process.send({ claim: id, seq });
      });
  if (!granted) return undefined;
  const release = ALONE ? () => ownClaims.delete(id) : () => process.send({ release: id });
  if (!(await server.store.existsObject(bucket, key))) return release;
  release();
  return undefined;
}

/** A worker: the signature checks and the calls s3rver lacks in front of s3rver, on the shared port. */
async function serve() {
  const front = http.createServer((req, res) =>
    handle(req, res).catch((err) => {
      // A request this front cannot read (a key that is not valid percent-encoding) is refused, not a crash.
      req.resume();
      if (!res.headersSent) answer(res, err instanceof URIError ? 400 : 500, err instanceof URIError ? 'InvalidURI' : 'InternalError', String(err));
      else res.destroy();
    }),
  );
  async function handle(req, res) {
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
      return multipartCall(res, decodeURIComponent(bucket), decodeURIComponent(key.join('/')), params).catch((err) =>
        answer(res, 500, 'InternalError', String(err)),
      );
    }
    const suffix = req.method === 'GET' && /^bytes=-(\d+)$/.exec(req.headers.range ?? '');
    if (suffix) {
      // The last N bytes (a suffix range), which s3rver reads as the first N: asked as the range from where they start.
      const [, bucket, ...key] = path.split('/');
      const size = Number(
        (await server.store.getMetadata(decodeURIComponent(bucket), decodeURIComponent(key.join('/'))).catch(() => undefined))?.['content-length'],
      );
      if (key.length && Number.isFinite(size)) req.headers.range = `bytes=${Math.max(0, size - Number(suffix[1]))}-`;
    }
    const isObjectPut = req.method === 'PUT' && !/(^|&)(partNumber|uploadId)=/.test(query) && !req.headers['x-amz-copy-source'];
    if (!isObjectPut || req.headers['if-none-match'] !== '*') return s3rver(req, res);
    const [, bucket, ...key] = path.split('/');
    const release = await claimFirstWrite(decodeURIComponent(bucket), decodeURIComponent(key.join('/')));
    if (!release) {
      req.resume();
      return answer(res, 412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
    }
    // Released once the answer is over and s3rver is done with the write (a client gone while the file
    // is put in place must not let a second write of the key in).
    let ended = 0;
    const releaseWhenDone = () => ++ended === 2 && release();
    res.once('close', releaseWhenDone);
    return Promise.resolve(s3rver(req, res)).finally(releaseWhenDone);
  }
  // Idle connections are kept as long as S3 keeps them (Node's 5 s default closes one a client is about to reuse).
  front.keepAliveTimeout = 20_000;
  front.headersTimeout = 25_000;
  await new Promise((resolve, reject) => front.once('error', reject).listen(Number(opts.port), '127.0.0.1', resolve));
  const stop = () => {
    front.close(() => process.exit(0));
    front.closeAllConnections();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The primary gone (killed outright): nothing would stop this worker.
  process.on('disconnect', stop);
}

if (cluster.isPrimary && ALONE) {
  await server.configureBuckets();
  keepObjectsAsS3Does(server.store);
  await serve();
  listening();
} else if (cluster.isPrimary) {
  await server.configureBuckets();
  superviseWorkers();
} else {
  keepObjectsAsS3Does(server.store);
  await serve();
}
