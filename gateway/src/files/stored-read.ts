import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import { connect, type Socket } from 'node:net';
import { Readable } from 'node:stream';

/** The size of each buffer a storage read is read into. */
const READ_BUFFER = 64 * 1024;
/** How much of its bytes a storage read holds, read and not yet taken, before it stops reading its socket. */
const HELD_AHEAD = 4 * READ_BUFFER;
/** A response head longer than this is refused. */
const MOST_HEAD = 64 * 1024;

/**
 * A read of one object from storage over HTTP, into a few buffers of its own that are used again. Node's HTTP client
 * gives every socket read a new 64 KB buffer and copies each body chunk into another: at a zip's rate that is
 * 2 GB of short-lived memory outside V8's heap per GB zipped, and V8 answered it with a full garbage collection
 * every ~20 MB (about a third of the gateway's CPU for a zip). Here the socket reads into this read's buffers
 * (`onread`), and a buffer is read into again only once its bytes were given back with `release` (the zip does
 * that when the response has written them to its socket); a chunk never given back is simply left to the
 * garbage collector.
 *
 * The request is a plain GET that closes its connection; the answer must be 200 with a Content-Length (anything
 * else but a 200 fails the read). A read that ends before Content-Length bytes fails with an error, as a cut
 * read of Node's client does.
 */
export class StoredRead extends Readable {
  private readonly socket: Socket;
  /** Buffers of this read free to be read into. */
  private readonly free: Buffer[] = [];
  /** The memory of the chunks given out and not given back yet. */
  private readonly lent = new Set<ArrayBuffer>();
  private head: Buffer | undefined = Buffer.alloc(0);
  private left = 0;
  private answered: ((outcome: Error | undefined) => void) | undefined;

  private constructor(url: URL, answered: (outcome: Error | undefined) => void) {
    super({ highWaterMark: HELD_AHEAD });
    this.answered = answered;
    const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    this.socket = connect({
      host,
      port: Number(url.port || 80),
      noDelay: true,
      onread: { buffer: () => this.free.pop() ?? Buffer.allocUnsafeSlow(READ_BUFFER), callback: (n, buffer) => this.received(n, buffer as Buffer) },
    });
    this.socket.on('error', (err) => this.destroy(err));
    this.socket.on('close', () => {
      if (this.left > 0 || this.head) this.destroy(new Error('Storage closed a read of a zip entry part way'));
    });
    // Written, not ended: a server closes a request whose client half-closed before its answer.
    this.socket.write(`GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`, 'latin1');
  }

  /** Opens a read; resolves once storage answered 200 (a read after it, for an answer it does not take, by Node's client). */
  static open(url: string): Promise<Readable> {
    return new Promise((resolve, reject) => {
      const read: StoredRead = new StoredRead(new URL(url), (outcome) => {
        if (outcome === undefined) return resolve(read);
        read.destroy();
        if (outcome instanceof FallBack) return resolve(readByClient(url));
        reject(outcome);
      });
      read.once('error', (err) => read.answer(err));
    });
  }

  /** Gives back a chunk this read gave out, once nothing uses its bytes any more: its buffer is read into again. */
  release(chunk: Buffer): void {
    const memory = chunk.buffer as ArrayBuffer;
    if (this.lent.delete(memory)) this.free.push(Buffer.from(memory));
  }

  override _read(): void {
    this.socket.resume();
  }

  override _destroy(err: Error | null, callback: (error?: Error | null) => void): void {
    this.socket.destroy();
    this.answer(err ?? new Error('A read of a zip entry was stopped'));
    callback(err);
  }

  private answer(outcome: Error | undefined) {
    const answered = this.answered;
    this.answered = undefined;
    answered?.(outcome);
  }

  /** Bytes the socket read into `buffer`: the answer's head first, then its body, handed on without a copy. */
  private received(n: number, buffer: Buffer): boolean {
    if (this.destroyed) return false;
    let from = 0;
    if (this.head) {
      const head = Buffer.concat([this.head, buffer.subarray(0, n)]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) {
        this.head = head;
        this.free.push(buffer);
        if (head.length > MOST_HEAD) this.destroy(new Error('Storage answered a zip entry with too long a head'));
        return true;
      }
      this.head = undefined;
      const outcome = this.parseHead(head.subarray(0, end).toString('latin1'));
      if (outcome) {
        this.answer(outcome);
        return false;
      }
      from = n - (head.length - end - 4);
      if (from === n) this.free.push(buffer);
      this.answer(undefined);
      if (this.left === 0) this.push(null);
    }
    if (from === n || this.left === 0) return true;
    const chunk = buffer.subarray(from, Math.min(n, from + this.left));
    this.left -= chunk.length;
    this.lent.add(buffer.buffer as ArrayBuffer);
    const more = this.push(chunk);
    if (this.left > 0) return more;
    this.push(null);
    this.socket.destroy();
    return false;
  }

  /** The status and length of the answer: an error for a status other than 200, FallBack for a body this read does not take. */
  private parseHead(head: string): Error | undefined {
    const [statusLine, ...lines] = head.split('\r\n');
    const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1];
    if (status !== '200') return new Error(`Storage answered ${status ?? 'something else than HTTP'} for a zip entry`);
    let length: number | undefined;
    for (const line of lines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === 'content-length' && /^\d+$/.test(value) && length === undefined) length = Number(value);
      else if (name === 'content-length' || name === 'transfer-encoding' || name === 'content-encoding') return new FallBack();
    }
    if (length === undefined) return new FallBack();
    this.left = length;
    return undefined;
  }
}

/** An answer the pooled read does not take (chunked, encoded): read again by Node's HTTP client. */
class FallBack extends Error {}

/** Reads an object by Node's HTTP client (HTTPS, or an answer StoredRead does not take). */
function readByClient(url: string): Promise<Readable> {
  const get = url.startsWith('https:') ? httpsGet : httpGet;
  return new Promise((resolve, reject) => {
    get(url, (res: IncomingMessage) => {
      if (res.statusCode === 200) return resolve(res);
      res.resume();
      reject(new Error(`Storage answered ${res.statusCode} for a zip entry`));
    }).on('error', reject);
  });
}

/** Reads an object from storage by its (server-side) URL: the bytes as they arrive, with backpressure. */
export function readStored(url: string): Promise<Readable> {
  return url.startsWith('http:') ? StoredRead.open(url) : readByClient(url);
}
