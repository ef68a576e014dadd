#!/usr/bin/env node
// The embedded S3 of Coffer: s3rver with the files bucket and its CORS rules,
// so the browser can PUT to presigned URLs.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import S3rver from 's3rver';

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
  address: '127.0.0.1',
  port: Number(opts.port),
  directory: opts.dir,
  silent: true,
  configureBuckets: [{ name: opts.bucket, configs: [cors] }],
});
await server.run();
process.stdout.write(`s3rver on http://127.0.0.1:${opts.port}, bucket ${opts.bucket}\n`);
const stop = () => server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
