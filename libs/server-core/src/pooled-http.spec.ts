import { createHash, randomBytes } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { PooledAnswer } from './pooled-http.js';

// PooledAnswer against real servers on this machine: Node's HTTP server, and a raw socket server that sends answers
// byte by byte (so every framing boundary falls between two reads).

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});
const listen = async (server: Server) => {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};
const httpServer = (handler: (req: IncomingMessage, res: ServerResponse) => void) => listen(createHttpServer(handler));
/** A server that writes `answer` one byte per turn of the event loop, then closes (or only ends its side, `halfClose`). */
const byteByByte = (answer: string, onRequest?: (request: string) => void) =>
  listen(
    createNetServer((socket: Socket) => {
      let request = '';
      socket.on('data', (d) => {
        request += d.toString('latin1');
        if (!request.includes('\r\n\r\n')) return;
        onRequest?.(request);
        let at = 0;
        const next = () => {
          if (socket.destroyed) return;
          if (at === answer.length) return void socket.end();
          socket.write(answer[at++], 'latin1', () => setImmediate(next));
        };
        next();
      });
      socket.on('error', () => undefined);
    }),
  );

const ask = (port: number, method = 'GET', path = '/', headers: [string, string][] = []) =>
  new PooledAnswer({ host: '127.0.0.1', port, method, path, headers: [['Host', `127.0.0.1:${port}`], ...headers] });

/** Reads the whole body by its 'data' events; each chunk is copied and given back only on a later turn, as a socket write calls back. */
function readAll(answer: PooledAnswer, onChunk?: (chunk: Buffer) => void): Promise<Buffer> {
  const parts: Buffer[] = [];
  return new Promise((resolve, reject) => {
    answer.on('data', (chunk: Buffer) => {
      onChunk?.(chunk);
      answer.pause();
      setImmediate(() => {
        parts.push(Buffer.from(chunk));
        answer.release(chunk);
        answer.resume();
      });
    });
    answer.on('end', () => setImmediate(() => resolve(Buffer.concat(parts))));
    answer.on('error', reject);
  });
}

describe('PooledAnswer', () => {
  it('reads a body by its length into a few buffers used again, every byte exact', async () => {
    const body = randomBytes(16 * 1024 * 1024);
    const port = await httpServer((_req, res) => {
      res.writeHead(200, { 'content-length': body.length, 'content-type': 'application/zip', 'x-two': ['a', 'b'] });
      res.end(body);
    });
    const answer = ask(port);
    await answer.answered;
    expect(answer.statusCode).toBe(200);
    expect(answer.header('content-type')).toBe('application/zip');
    expect(answer.rawHeaders.filter((_, i, all) => all[i - 1]?.toLowerCase() === 'x-two')).toEqual(['a', 'b']);
    const memory = new Set<ArrayBufferLike>();
    const read = await readAll(answer, (chunk) => memory.add(chunk.buffer));
    expect(createHash('sha256').update(read).digest('hex')).toBe(createHash('sha256').update(body).digest('hex'));
    expect(answer.complete).toBe(true);
    // 16 MB went through a handful of 64 KB buffers, not 256 new ones.
    expect(memory.size).toBeLessThanOrEqual(8);
  });

  it('never reads into a buffer whose chunk was not given back', async () => {
    const body = randomBytes(2 * 1024 * 1024);
    const port = await httpServer((_req, res) => res.writeHead(200, { 'content-length': body.length }).end(body));
    const answer = ask(port);
    const kept: Buffer[] = [];
    answer.on('data', (chunk: Buffer) => kept.push(chunk)); // views, none given back
    await new Promise((resolve) => answer.on('end', resolve));
    expect(Buffer.concat(kept).equals(body)).toBe(true);
  });

  it('reads a chunked body whose sizes, extensions, line ends and trailers arrive a byte at a time', async () => {
    let request = '';
    const port = await byteByByte(
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Type: text/plain\r\n\r\n5\r\nhello\r\n6;name=value\r\n world\r\nA \r\n, chunked!\r\n0\r\nX-Trailer: done\r\n\r\n',
      (r) => (request = r),
    );
    const answer = ask(port, 'POST', '/api/downloads/t?x=1', [['Content-Length', '0']]);
    expect((await readAll(answer)).toString()).toBe('hello world, chunked!');
    expect(answer.complete).toBe(true);
    expect(request.split('\r\n').slice(0, 4)).toEqual([
      'POST /api/downloads/t?x=1 HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Content-Length: 0',
      'Connection: close',
    ]);
  });

  it('reads a body that ends with its connection, and skips an informational answer before the real one', async () => {
    const port = await byteByByte('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nX-Kind: close\r\n\r\nuntil the end');
    const answer = ask(port);
    await answer.answered;
    expect([answer.statusCode, answer.header('x-kind')]).toEqual([200, 'close']);
    expect((await readAll(answer)).toString()).toBe('until the end');
  });

  it('has no body for a HEAD, a 204 or a 304', async () => {
    const port = await httpServer((req, res) => {
      if (req.url === '/none') return void res.writeHead(204).end();
      if (req.url === '/same') return void res.writeHead(304, { etag: '"x"' }).end();
      res.writeHead(200, { 'content-length': 1000 }).end(req.method === 'HEAD' ? undefined : Buffer.alloc(1000));
    });
    for (const [method, path, status] of [
      ['HEAD', '/', 200],
      ['GET', '/none', 204],
      ['GET', '/same', 304],
    ] as const) {
      const answer = ask(port, method, path);
      expect((await readAll(answer)).length).toBe(0);
      expect(answer.statusCode).toBe(status);
    }
  });

  it('fails an answer cut short, by length or before its last chunk', async () => {
    const port = await httpServer((req, res) => {
      if (req.url === '/length') res.writeHead(200, { 'content-length': 1_000_000 });
      else res.writeHead(200); // chunked
      res.write(Buffer.alloc(64 * 1024, 1), () => res.socket!.destroy());
    });
    for (const path of ['/length', '/chunked']) await expect(readAll(ask(port, 'GET', path))).rejects.toThrow('closed part way');
  });

  it('fails before an answer when nobody listens, or when the answer is not HTTP or framed two ways', async () => {
    const closed = await listen(createNetServer());
    await new Promise((resolve) => servers.pop()!.close(resolve));
    await expect(ask(closed).answered).rejects.toThrow();
    for (const [answer, message] of [
      ['SSH-2.0-OpenSSH\r\n\r\n', 'not HTTP'],
      ['HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\nabc', 'framed both'],
      ['HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n', 'not a number'],
      ['HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcXY', 'does not end'],
    ]) {
      const port = await byteByByte(answer);
      const read = ask(port);
      await expect((async () => (await read.answered, readAll(read)))()).rejects.toThrow(message);
    }
  });

  it('refuses to send a header that holds a line break', () => {
    expect(() => ask(1, 'GET', '/', [['X-Evil', 'a\r\nHost: elsewhere']])).toThrow('line break');
    expect(() => ask(1, 'GET', '/ HTTP/1.1\r\nX: y')).toThrow('line break');
  });
});
