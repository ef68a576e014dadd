import type { IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import { Readable } from 'node:stream';
import { PooledAnswer } from '@coffer/server-core/pooled-http';

/**
 * Opens a read of one object from storage (a zip's entry) over HTTP; resolves once storage answered 200. It reads into
 * a few buffers of its own that are used again (PooledAnswer): the zip gives each chunk back with `release` once its
 * response has written it. Node's HTTP client, which allocates and copies every piece, set off a full garbage
 * collection every ~20 MB zipped. Any answer but 200 fails the read; one cut short (before its length or last chunk)
 * fails it too.
 */
async function openPooled(url: URL): Promise<PooledAnswer> {
  const read = new PooledAnswer({
    host: url.hostname,
    port: Number(url.port || 80),
    method: 'GET',
    path: `${url.pathname}${url.search}`,
    headers: [['Host', url.host]],
  });
  try {
    await read.answered;
  } catch (err) {
    read.destroy();
    throw err;
  }
  if (read.statusCode !== 200) {
    read.destroy();
    throw new Error(`Storage answered ${read.statusCode} for a zip entry`);
  }
  return read;
}

/** Reads an object over HTTPS by Node's client (an endpoint the pooled read does not speak to). */
function readByClient(url: string): Promise<Readable> {
  return new Promise((resolve, reject) => {
    httpsGet(url, (res: IncomingMessage) => {
      if (res.statusCode === 200) return resolve(res);
      res.resume();
      reject(new Error(`Storage answered ${res.statusCode} for a zip entry`));
    }).on('error', reject);
  });
}

/** Reads an object from storage by its (server-side) URL: the bytes as they arrive, with backpressure. */
export function readStored(url: string): Promise<Readable> {
  return url.startsWith('http:') ? openPooled(new URL(url)) : readByClient(url);
}
