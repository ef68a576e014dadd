#!/usr/bin/env node
// The local web server of Coffer's front ends: serves a built app, optionally
// with CORS (remotes), an SPA fallback and /remotes.json (shell), and proxies
// /api to the gateway so the browser talks to one origin. Several sites, each
// on its port, can share one process: their arguments separated by `--`.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { PooledAnswer } from '@coffer/server-core/pooled-http';
import { DEFAULT_KEEP, HASHED, keepRelease, keptFile } from './static-releases.mjs';

const OPTIONS = {
  dir: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string', default: '127.0.0.1' },
  spa: { type: 'boolean', default: false },
  cors: { type: 'boolean', default: false },
  proxy: { type: 'string', multiple: true, default: [] },
  remote: { type: 'string', multiple: true, default: [] },
  // Another origin the page may fetch from and show (the S3 endpoint of presigned URLs).
  allow: { type: 'string', multiple: true, default: [] },
  // Where the builds this server served are kept (a tab of an earlier release still finds its chunks), and how many.
  releases: { type: 'string' },
  keep: { type: 'string', default: String(DEFAULT_KEEP) },
};
const USAGE =
  "usage: serve-static.mjs --dir DIR --port PORT [--spa] [--cors] [--proxy /api=http://host:port] [--remote name=url] [--releases DIR [--keep N]] [-- the next site's arguments]";
/** Files of a build that are never served (the nginx images leave them out and refuse them too). */
const BUILD_ONLY = /(\.map|\/mf-stats\.json)$/;

/** One site's settings, from its arguments. */
function siteOf(args) {
  const { values: opts } = parseArgs({ args, options: OPTIONS });
  if (!opts.dir || !opts.port) {
    console.error(USAGE);
    process.exit(64);
  }
  const site = {
    opts,
    root: path.resolve(opts.dir),
    releasesDir: opts.releases && path.resolve(opts.releases),
    proxies: opts.proxy.map((p) => {
      const [prefix, target] = p.split('=');
      return { prefix, target: new URL(target) };
    }),
    remotes: Object.fromEntries(opts.remote.map((r) => r.split('='))),
  };
  site.csp = opts.spa ? contentSecurityPolicy(site) : undefined;
  return site;
}

/**
 * The shell's Content-Security-Policy: scripts and styles only from itself and
 * its remotes, requests only to them and the storage endpoint, images also from
 * https (a company logo), no plugins, and nothing framed but the blob: of a PDF
 * the preview read (typed application/pdf by the app, so it opens in the PDF viewer).
 */
function contentSecurityPolicy({ remotes, opts }) {
  const remoteOrigins = Object.values(remotes).map((u) => new URL(u).origin);
  const allowed = opts.allow.map((u) => new URL(u).origin);
  const list = (...origins) => ["'self'", ...new Set(origins)].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list(...remoteOrigins)}`,
    // Radix and React set positions as style attributes; stylesheets come only from the shell and its remotes.
    `style-src ${list(...remoteOrigins)} 'unsafe-inline'`,
    `img-src ${list(...allowed)} data: blob: https:`,
    `media-src ${list(...allowed)} blob:`,
    `font-src ${list(...remoteOrigins)} data:`,
    `connect-src ${list(...remoteOrigins, ...allowed)}`,
    `frame-src blob:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt']);
// Content-hashed assets (HASHED) never change; everything else (html, manifests, remote entries) is revalidated.

function baseHeaders(site, res) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  if (site.opts.cors) res.setHeader('Access-Control-Allow-Origin', '*');
  else res.setHeader('X-Frame-Options', 'DENY');
}

/**
 * Headers about one connection, not the message (RFC 9110 §7.6.1): never passed on. Passing the
 * gateway's `keep-alive: timeout=65` to the browser would make it keep a connection to this server
 * past the 5 s this server keeps it, and reuse one already closed.
 */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade'];
const endToEnd = (headers) => Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.includes(name.toLowerCase())));

/** The backend is down: a JSON error as the gateway's own, never a bare socket error. */
function unreachable(res, prefix) {
  if (res.headersSent || res.destroyed) return res.destroy();
  res.writeHead(502, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      statusCode: 502,
      code: 'SERVICE_UNAVAILABLE',
      message: `Coffer's ${prefix} backend is not reachable. Please try again.`,
      correlationId: null,
    }),
  );
}

/**
 * Passes one request to the backend and its answer back. The two connections live and die together: when the
 * backend's connection ends before its answer did (the gateway stopped or crashed), the browser's is cut too, so an
 * event stream ends with an error and the page reconnects instead of waiting on a silent stream; when the browser
 * goes away, the request to the backend is dropped (an event stream there is not kept open for nobody).
 */
function proxy(req, res, { prefix, target }, upstreamPath = req.url) {
  const upstream = http.request(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: upstreamPath,
      headers: {
        ...endToEnd(req.headers),
        host: `${target.hostname}:${target.port}`,
        'x-forwarded-for': req.socket.remoteAddress,
        'x-forwarded-host': req.headers.host,
      },
    },
    (up) => {
      res.writeHead(up.statusCode ?? 502, endToEnd(up.headers));
      up.pipe(res);
      // The backend's answer cut short: the browser's is cut too (pipe alone would leave it open). Not `pipeline`, whose
      // AbortController and DOMException for every answer were a sixth of this server's time on a folder listing.
      up.once('close', () => {
        if (!up.complete) res.destroy();
      });
      up.once('error', () => res.destroy());
    },
  );
  // A browser that goes away mid-answer (a player jumping elsewhere) ends the gateway's answer too, as a real
  // proxy does: the gateway then stops reading storage and counts only what it sent (a View's byte budget).
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  upstream.on('error', () => unreachable(res, prefix));
  req.pipe(upstream);
}

/** Downloads (zips, files shared by email or by link): answers of up to gigabytes, relayed by `relay`. */
const DOWNLOADS = /^\/api\/(downloads|share-downloads|link-downloads)\//;
const NOT_PASSED = new Set([...HOP_BY_HOP, 'host', 'expect', 'x-forwarded-for', 'x-forwarded-host']);

/**
 * `proxy` for a download: the answer is read into a few buffers used again (PooledAnswer) and each piece is given back
 * once the browser's socket took it. Through Node's HTTP client every 64 KB piece was a new buffer and a copy, and
 * this server's garbage collection held a 1 GB zip to three quarters of the gateway's speed. A connection of its own
 * per download (its cost is nothing beside the download's); the same cut-short rules as `proxy`. A request body sent
 * in chunks (no length; downloads post small forms) goes by `proxy`.
 */
function relay(req, res, { prefix, target }) {
  if (req.headers['transfer-encoding']) return proxy(req, res, { prefix, target });
  const headers = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2)
    if (!NOT_PASSED.has(req.rawHeaders[i].toLowerCase())) headers.push([req.rawHeaders[i], req.rawHeaders[i + 1]]);
  headers.push(
    ['Host', `${target.hostname}:${target.port}`],
    ['X-Forwarded-For', req.socket.remoteAddress ?? ''],
    ['X-Forwarded-Host', req.headers.host ?? ''],
  );
  const answer = new PooledAnswer({ host: target.hostname, port: Number(target.port), method: req.method, path: req.url, headers });
  answer.on('error', () => (res.headersSent ? res.destroy() : unreachable(res, prefix)));
  res.on('close', () => {
    if (!res.writableFinished) answer.destroy();
  });
  answer.answered.then(
    () => {
      const passed = [];
      for (let i = 0; i < answer.rawHeaders.length; i += 2)
        if (!HOP_BY_HOP.includes(answer.rawHeaders[i].toLowerCase())) passed.push(answer.rawHeaders[i], answer.rawHeaders[i + 1]);
      res.writeHead(answer.statusCode, passed);
      answer.on('data', (chunk) => {
        if (!res.write(chunk, () => answer.release(chunk))) answer.pause();
      });
      res.on('drain', () => answer.resume());
      answer.on('end', () => res.end());
    },
    () => undefined, // the error handler above answered
  );
  req.pipe(answer.socket, { end: false });
}

function send(site, req, res, file) {
  const ext = path.extname(file);
  const stat = fs.statSync(file);
  const etag = `"${stat.size.toString(16)}-${stat.mtimeMs.toString(16)}"`;
  res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
  if (site.csp && ext === '.html') res.setHeader('Content-Security-Policy', site.csp);
  res.setHeader('Cache-Control', HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.setHeader('ETag', etag);
  res.setHeader('Vary', 'Accept-Encoding');
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304).end();
    return;
  }
  const gzip = COMPRESSIBLE.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  res.writeHead(200);
  if (req.method === 'HEAD') return res.end();
  const stream = fs.createReadStream(file);
  (gzip ? stream.pipe(zlib.createGzip()) : stream).pipe(res);
}

/** A link's public page ("Anyone with the link"), /l/<token>. */
const LINK_PAGE = /^\/l\/([A-Za-z0-9_-]{43})$/;

/** Whether the visitor is a link-preview bot (the one list, in @coffer/contracts), loaded with the first link page asked for. */
let previewBot;
async function isPreviewBot(userAgent) {
  previewBot ??= import('@coffer/contracts').then((contracts) => contracts.isLinkPreviewBot);
  return (await previewBot)(userAgent);
}

/** Serves one site on its port; returns its server. */
function serveSite(site) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const route = site.proxies.find((p) => url.pathname === p.prefix || url.pathname.startsWith(`${p.prefix}/`));
    if (route) return DOWNLOADS.test(url.pathname) ? relay(req, res, route) : proxy(req, res, route);
    baseHeaders(site, res);
    if (req.method === 'OPTIONS' && site.opts.cors) {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Headers': '*' }).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return res.writeHead(405).end();
    if (url.pathname === '/remotes.json' && site.opts.remote.length) {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
      return res.end(JSON.stringify(site.remotes));
    }
    let pathname;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      // A malformed address: the app's own "not found" page, never a bare 400.
      if (site.opts.spa) return send(site, req, res, path.join(site.root, 'index.html'));
      return res.writeHead(400).end();
    }
    const file = path.join(site.root, path.normalize(pathname));
    if (!file.startsWith(site.root)) return res.writeHead(403).end();
    // Build output that is not for browsers: source maps and Module Federation's build statistics.
    if (BUILD_ONLY.test(pathname)) return res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return send(site, req, res, file);
    // A chunk of an earlier build, asked for by a tab that loaded that build.
    const kept = site.releasesDir && keptFile(site.releasesDir, pathname);
    if (kept) return send(site, req, res, kept);
    // A link-preview bot's look at a link's page: the gateway's preview (its meta tags, never counted), as the
    // production shell's nginx does (deploy/docker/nginx/coffer/shell.conf).
    const api = site.proxies.find((p) => p.prefix === '/api');
    const link = site.opts.spa && api && LINK_PAGE.exec(pathname);
    if (link) {
      isPreviewBot(req.headers['user-agent'])
        .then((bot) => (bot ? proxy(req, res, api, `/api/public-links/${link[1]}/preview`) : send(site, req, res, path.join(site.root, 'index.html'))))
        .catch(() => send(site, req, res, path.join(site.root, 'index.html')));
      return;
    }
    if (site.opts.spa && !path.extname(pathname)) return send(site, req, res, path.join(site.root, 'index.html'));
    res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
  });

  /**
   * Keeps the build being served in the releases store, now and whenever it changes (a rebuild
   * empties the folder first, so what it replaces must be kept before: hence at start too).
   * Every build writes an index.html; its stat is polled, as the folder itself may be replaced.
   */
  if (site.releasesDir) {
    const keep = () => {
      try {
        keepRelease({ dist: site.root, store: site.releasesDir, keep: Number(site.opts.keep) });
      } catch (err) {
        // A build half written (or being removed): its next change keeps it.
        if (err.code !== 'ENOENT') throw err;
      }
    };
    keep();
    let pending;
    fs.watchFile(path.join(site.root, 'index.html'), { interval: 500, persistent: false }, () => {
      clearTimeout(pending);
      pending = setTimeout(keep, 1000).unref();
    });
  }

  server.listen(Number(site.opts.port), site.opts.host, () => {
    // The port it got (`--port 0` asks for any free one).
    process.stdout.write(`serving ${site.root} on http://${site.opts.host}:${server.address().port}\n`);
  });
  return server;
}

// Several sites in one process (one Node runtime for all the front ends): their arguments separated by `--`.
const sites = [[]];
for (const arg of process.argv.slice(2)) {
  if (arg === '--') sites.push([]);
  else sites.at(-1).push(arg);
}
const servers = sites.map((args) => serveSite(siteOf(args)));
let open = servers.length;
const stop = () => servers.forEach((server) => server.close(() => --open === 0 && process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
