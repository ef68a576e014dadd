// Downloads through the local front server (deploy/local/serve-static.mjs, port 3000): zips and shared files come
// from the gateway by its download relay (buffers used again, PooledAnswer). A backend of this test's own stands in
// for the gateway, so each answer can be framed, cut or made endless at will.
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '@coffer/server-core/testing';
import { serveStatic } from './serve-static.js';

const ZIP = randomBytes(24 * 1024 * 1024);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let backend: Server;
let front: { url: string; child: ChildProcess };
let dist: string;
const seen: { url: string; headers: IncomingHttpHeaders; body: string }[] = [];
let endlessClosedEarly = false;

beforeAll(async () => {
  backend = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      seen.push({ url: req.url!, headers: req.headers, body });
      if (req.url === '/api/downloads/ticket') {
        res.writeHead(200, {
          'content-type': 'application/zip',
          'content-disposition': 'attachment; filename="Q3.zip"',
          'content-length': ZIP.length,
          'keep-alive': 'timeout=65', // about the gateway's connection: never passed on
        });
        return void res.end(ZIP);
      }
      if (req.url === '/api/share-downloads/chunked') {
        // No length: sent in chunks of varied sizes, as a stream of unknown length is.
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        let at = 0;
        const write = () => {
          while (at < ZIP.length) {
            const size = 1 + ((at * 7919) % 200_000);
            const more = res.write(ZIP.subarray(at, at + size));
            at += size;
            if (!more) return void res.once('drain', write);
          }
          res.end();
        };
        return write();
      }
      if (req.url === '/api/downloads/cut') {
        res.writeHead(200, { 'content-length': ZIP.length });
        return void res.write(ZIP.subarray(0, 1024 * 1024), () => res.socket!.destroy());
      }
      if (req.url === '/api/link-downloads/endless') {
        res.on('close', () => (endlessClosedEarly = !res.writableFinished));
        res.writeHead(200);
        const chunk = Buffer.alloc(64 * 1024, 7);
        const write = () => {
          while (!res.destroyed) if (!res.write(chunk)) return void res.once('drain', write);
        };
        return write();
      }
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"statusCode":404}');
    });
  });
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'coffer-front-downloads-'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Coffer</title>');
  front = await serveStatic(['--dir', dist, '--spa', '--proxy', `/api=http://127.0.0.1:${(backend.address() as AddressInfo).port}`]);
});
afterAll(async () => {
  front?.child.kill();
  await new Promise((resolve) => backend?.close(resolve));
  fs.rmSync(dist, { recursive: true, force: true });
});

/** Reads a whole answer slowly (a pause every 256 KB), as a browser writing to a slow disk does. */
async function readSlowly(res: Response): Promise<Buffer> {
  const parts: Buffer[] = [];
  let since = 0;
  for await (const part of res.body! as AsyncIterable<Uint8Array>) {
    parts.push(Buffer.from(part));
    since += part.length;
    if (since > 256 * 1024) {
      since = 0;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }
  return Buffer.concat(parts);
}

describe('a download through the front server', () => {
  it('passes the posted form and the answer whole: every byte, its headers, not the connection’s', async () => {
    const res = await fetch(`${front.url}/api/downloads/ticket`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-correlation-id': 'abc' },
      body: 'items=one%2Ctwo',
    });
    expect(res.status).toBe(200);
    expect([res.headers.get('content-type'), res.headers.get('content-disposition'), res.headers.get('content-length')]).toEqual([
      'application/zip',
      'attachment; filename="Q3.zip"',
      String(ZIP.length),
    ]);
    expect(res.headers.get('keep-alive')).not.toContain('65');
    expect(sha(await readSlowly(res))).toBe(sha(ZIP));
    const asked = seen.find((s) => s.url === '/api/downloads/ticket')!;
    expect(asked.body).toBe('items=one%2Ctwo');
    expect(asked.headers).toMatchObject({
      'x-correlation-id': 'abc',
      'x-forwarded-for': '127.0.0.1',
      'x-forwarded-host': new URL(front.url).host,
      connection: 'close',
    });
  });

  it('passes an answer sent in chunks of any size, every byte in order', async () => {
    const res = await fetch(`${front.url}/api/share-downloads/chunked`);
    expect(res.status).toBe(200);
    expect(sha(await readSlowly(res))).toBe(sha(ZIP));
  });

  it('cuts the browser’s download when the gateway’s is cut short, so it fails instead of ending as if whole', async () => {
    const res = await fetch(`${front.url}/api/downloads/cut`);
    expect(res.status).toBe(200);
    await expect(readSlowly(res)).rejects.toThrow();
  });

  it('stops the gateway’s answer when the browser goes away', async () => {
    const stop = new AbortController();
    const res = await fetch(`${front.url}/api/link-downloads/endless`, { signal: stop.signal });
    const reader = res.body!.getReader();
    let received = 0;
    while (received < 4 * 1024 * 1024) received += (await reader.read()).value!.length;
    stop.abort();
    await eventually(() => endlessClosedEarly);
  });

  it('answers 502 in the error shape when the gateway is not there', async () => {
    const gone = await serveStatic(['--dir', dist, '--spa', '--proxy', '/api=http://127.0.0.1:1']);
    try {
      const res = await fetch(`${gone.url}/api/downloads/ticket`, { method: 'POST', body: 'items=x' });
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({ statusCode: 502, code: 'SERVICE_UNAVAILABLE' });
    } finally {
      gone.child.kill();
    }
  });
});
