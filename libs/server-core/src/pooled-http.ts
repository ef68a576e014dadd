import { connect, type Socket } from 'node:net';
import { Readable } from 'node:stream';

/** The size of each buffer an answer is read into. */
const READ_BUFFER = 64 * 1024;
/** How much of its body an answer holds, read and not yet taken, before it stops reading its socket. */
const HELD_AHEAD = 4 * READ_BUFFER;
/** An answer's head (or a chunk's size line, or its trailers) longer than this is refused. */
const MOST_HEAD = 64 * 1024;

/** One HTTP/1.1 request over a connection of its own, closed after its answer. */
export interface PooledRequest {
  host: string;
  port: number;
  method: string;
  /** The path and query, as sent. */
  path: string;
  /** Header names and values, as sent (`Host` included); `Connection: close` is added. */
  headers: Iterable<readonly [string, string]>;
}

/** How the answer's body ends: after a length, after its last chunk, when the connection closes, or it has none. */
type Framing =
  { kind: 'length'; left: number } | { kind: 'chunked'; at: 'size' | 'data' | 'data-end' | 'trailers'; left: number } | { kind: 'close' } | { kind: 'none' };

/**
 * The answer to one HTTP request, read into a few buffers of its own that are used again. Node's HTTP client gives
 * every socket read a new 64 KB buffer and copies each body chunk into another: for a download of a gigabyte that is
 * 2 GB of short-lived memory outside V8's heap, which V8 answers with a full garbage collection every ~20 MB. Here the
 * socket reads into the answer's buffers (`onread`), the body (by length, chunked, or to the connection's close) goes
 * on as views of them, and a buffer is read into again only once every chunk cut from it was given back with
 * `release`: give a chunk back when its bytes were written (the write's callback), never before. A chunk never
 * given back is simply left to the garbage collector.
 *
 * Read the body by 'data' events (`read()` may join several chunks into a new buffer, whose pieces are then never
 * given back). The request body, if any, is written to `socket` by the caller, without ending it (a server closes a request
 * whose client half-closed before its answer). An answer cut short (its connection closed before its length or
 * last chunk) fails with an error.
 */
export class PooledAnswer extends Readable {
  /** The connection: the request's body goes to it. */
  readonly socket: Socket;
  /** Resolves once the answer's head arrived, rejects if the request failed before. */
  readonly answered: Promise<void>;
  statusCode = 0;
  /** The answer's headers as sent: name, value, name, value… */
  readonly rawHeaders: string[] = [];
  /** Whether the whole body arrived. */
  complete = false;
  private readonly free: Buffer[] = [];
  /** How many chunks of each buffer are given out and not given back yet. */
  private readonly lent = new Map<ArrayBuffer, number>();
  private head: Buffer | undefined = Buffer.alloc(0);
  /** The chunked body's size line or trailer line being read. */
  private line = '';
  private framing: Framing = { kind: 'none' };
  private settle: ((err?: Error) => void) | undefined;

  constructor(request: PooledRequest) {
    super({ highWaterMark: HELD_AHEAD });
    this.answered = new Promise<void>((resolve, reject) => (this.settle = (err) => (err ? reject(err) : resolve())));
    // A failure before the head is reported by `answered` (no 'error' event to listen for yet); after it, as a stream's.
    const beforeHead = () => undefined;
    this.on('error', beforeHead);
    this.answered.then(
      () => this.off('error', beforeHead),
      () => undefined,
    );
    const lines = [`${request.method} ${request.path} HTTP/1.1`];
    for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
    lines.push('Connection: close', '', '');
    const head = lines.join('\r\n');
    // Refused, never sent: a line break in a header would start another header, or another request.
    if (/[\r\n]/.test(lines.slice(0, -2).join(''))) throw new Error('A request header holds a line break');
    const host = request.host.startsWith('[') ? request.host.slice(1, -1) : request.host;
    const bodiless = request.method === 'HEAD';
    this.socket = connect({
      host,
      port: request.port,
      noDelay: true,
      onread: { buffer: () => this.free.pop() ?? Buffer.allocUnsafeSlow(READ_BUFFER), callback: (n, buffer) => this.received(n, buffer as Buffer, bodiless) },
    });
    this.socket.on('error', (err) => this.destroy(err));
    this.socket.on('end', () => {
      if (this.framing.kind === 'close' && !this.head) this.finish();
    });
    this.socket.on('close', () => {
      if (!this.complete) this.destroy(new Error(this.head ? 'The connection closed before an answer' : 'The connection closed part way through an answer'));
    });
    this.socket.write(head, 'latin1');
  }

  /** Gives back a chunk this answer gave out, once nothing uses its bytes any more: its buffer is read into again. */
  release(chunk: Buffer): void {
    const memory = chunk.buffer as ArrayBuffer;
    const left = (this.lent.get(memory) ?? 0) - 1;
    if (left < 0) return;
    if (left > 0) return void this.lent.set(memory, left);
    this.lent.delete(memory);
    this.free.push(Buffer.from(memory));
  }

  /** The value of a header (the first, if sent more than once). */
  header(name: string): string | undefined {
    for (let i = 0; i < this.rawHeaders.length; i += 2) if (this.rawHeaders[i].toLowerCase() === name) return this.rawHeaders[i + 1];
    return undefined;
  }

  override _read(): void {
    this.socket.resume();
  }

  override _destroy(err: Error | null, callback: (error?: Error | null) => void): void {
    this.socket.destroy();
    this.settle?.(err ?? new Error('The request was stopped'));
    this.settle = undefined;
    callback(err);
  }

  private finish() {
    if (this.complete) return;
    this.complete = true;
    this.push(null);
    this.socket.destroy();
  }

  /** Bytes the socket read into `buffer`: the head first, then the body, handed on without a copy. */
  private received(n: number, buffer: Buffer, bodiless: boolean): boolean {
    if (this.destroyed || this.complete) return false;
    let data = buffer.subarray(0, n);
    // The head, after any informational (1xx) heads before it.
    while (this.head) {
      const head = Buffer.concat([this.head, data]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) {
        this.head = head;
        this.free.push(buffer);
        if (head.length > MOST_HEAD) this.destroy(new Error('The answer’s head is too long'));
        return true;
      }
      const failed = this.parseHead(head.subarray(0, end).toString('latin1'), bodiless);
      if (failed) {
        this.destroy(failed);
        return false;
      }
      data = data.subarray(Math.max(0, n - (head.length - end - 4)));
      n = data.length;
      if (this.statusCode < 200) {
        this.rawHeaders.length = 0;
        this.head = Buffer.alloc(0);
        if (data.length === 0) break;
        continue;
      }
      this.head = undefined;
      this.settle?.();
      this.settle = undefined;
      if (this.framing.kind === 'none') this.finish();
    }
    let more = true;
    while (data.length > 0 && !this.complete && !this.destroyed) {
      const { used, chunk, done } = this.unframe(data);
      if (chunk?.length) {
        this.lent.set(buffer.buffer as ArrayBuffer, (this.lent.get(buffer.buffer as ArrayBuffer) ?? 0) + 1);
        more = this.push(chunk);
      }
      if (done) this.finish();
      data = data.subarray(used);
    }
    if (!this.lent.has(buffer.buffer as ArrayBuffer)) this.free.push(buffer);
    return more && !this.complete && !this.destroyed;
  }

  /** Reads the body's framing from the front of `data`: how many bytes it used, the body bytes among them, whether the body ended. */
  private unframe(data: Buffer): { used: number; chunk?: Buffer; done?: boolean } {
    const framing = this.framing;
    if (framing.kind === 'close') return { used: data.length, chunk: data };
    if (framing.kind === 'none') return { used: data.length };
    if (framing.kind === 'length' || framing.at === 'data') {
      const chunk = data.subarray(0, Math.min(data.length, framing.left));
      framing.left -= chunk.length;
      if (framing.left === 0 && framing.kind === 'chunked') Object.assign(framing, { at: 'data-end', left: 2 });
      return { used: chunk.length, chunk, done: framing.kind === 'length' && framing.left === 0 };
    }
    if (framing.at === 'data-end') {
      // The CR LF after a chunk's data, one byte at a time (they may arrive in two reads).
      if (data[0] !== (framing.left === 2 ? 0x0d : 0x0a)) {
        this.destroy(new Error('A chunk of the answer does not end as it should'));
        return { used: data.length };
      }
      if (--framing.left === 0) framing.at = 'size';
      return { used: 1 };
    }
    // A size line or a trailer line, which may arrive over several reads.
    const end = data.indexOf(0x0a);
    this.line += data.subarray(0, end < 0 ? data.length : end + 1).toString('latin1');
    if (this.line.length > MOST_HEAD) {
      this.destroy(new Error('The answer’s chunk line is too long'));
      return { used: data.length };
    }
    if (end < 0) return { used: data.length };
    const line = this.line.replace(/\r?\n$/, '');
    this.line = '';
    if (framing.at === 'trailers') return { used: end + 1, done: line === '' };
    const size = /^([0-9a-fA-F]{1,12})[ \t]*(;.*)?$/.exec(line);
    if (!size) {
      this.destroy(new Error('The answer’s chunk size is not a number'));
      return { used: data.length };
    }
    const left = Number.parseInt(size[1], 16);
    Object.assign(framing, left === 0 ? { at: 'trailers', left: 0 } : { at: 'data', left });
    return { used: end + 1 };
  }

  /** The status, headers and framing of the answer; an error for an answer that is not HTTP/1.x or is framed two ways. */
  private parseHead(head: string, bodiless: boolean): Error | undefined {
    const [statusLine, ...lines] = head.split('\r\n');
    const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1];
    if (!status) return new Error('The answer is not HTTP/1.1');
    this.statusCode = Number(status);
    let length: number | undefined;
    let chunked = false;
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon <= 0) return new Error('The answer has a malformed header');
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      this.rawHeaders.push(name, value);
      const lower = name.toLowerCase();
      if (lower === 'content-length') {
        if (!/^\d{1,15}$/.test(value) || (length !== undefined && length !== Number(value))) return new Error('The answer has a wrong length');
        length = Number(value);
      } else if (lower === 'transfer-encoding') {
        if (value.toLowerCase() !== 'chunked') return new Error(`The answer is encoded as ${value}`);
        chunked = true;
      }
    }
    if (chunked && length !== undefined) return new Error('The answer is framed both by length and in chunks');
    const code = this.statusCode;
    if (bodiless || code === 204 || code === 304 || (code >= 100 && code < 200)) this.framing = { kind: 'none' };
    else if (chunked) this.framing = { kind: 'chunked', at: 'size', left: 0 };
    else if (length !== undefined) this.framing = length === 0 ? { kind: 'none' } : { kind: 'length', left: length };
    else this.framing = { kind: 'close' };
    return undefined;
  }
}
