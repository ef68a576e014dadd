#!/usr/bin/env node
// The releases a front end's servers keep serving after a newer one is out, so a
// tab opened on an earlier release still finds its content-hashed chunks.
//
// A store holds the hashed files of the last K builds of one app (the shell or a
// remote) and the list of those builds, newest last:
//   <store>/files/<path>     a hashed file, as the build named it (its name says its content)
//   <store>/releases.json    [{ id, release, files: [<path>, …] }, …]
// deploy/local/serve-static.mjs keeps each build it serves in `.data/static-releases/<app>/`
// and serves a hashed file it does not have from there; the nginx image
// (deploy/docker/static.Dockerfile) carries the previous image's store forward with
// this script and serves from it the same way.
//
//   node deploy/local/static-releases.mjs --dist shell/dist --store /releases --keep 5 --release 1.4.0
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

/** A content-hashed file of a build ([name].[contenthash:10].js|css, assets/[name].[contenthash:10][ext]): it never changes. */
export const HASHED = /\.[0-9a-f]{8,}\.(?:js|css|woff2?|png|jpe?g|gif|svg|webp)$/;
/** How many builds a store keeps by default: the current one and the four before it. */
export const DEFAULT_KEEP = 5;

/** The hashed files of a build, as paths relative to it with `/` separators. */
function hashedFilesOf(dist) {
  return fs
    .readdirSync(dist, { recursive: true })
    .map((file) => String(file).split(path.sep).join('/'))
    .filter((file) => HASHED.test(file) && fs.statSync(path.join(dist, file)).isFile())
    .sort();
}

/** The builds a store keeps, oldest first. */
export function keptReleases(store) {
  try {
    return JSON.parse(fs.readFileSync(path.join(store, 'releases.json'), 'utf8'));
  } catch {
    return [];
  }
}

/**
 * Adds the build in `dist` to the store as its newest release (a build it holds already
 * becomes the newest again: a rollback), then drops the releases beyond the newest `keep`
 * and the files no kept release has. Returns the kept releases, oldest first.
 */
export function keepRelease({ dist, store, keep = DEFAULT_KEEP, release = 'dev' }) {
  const files = hashedFilesOf(dist);
  if (!files.length) return keptReleases(store);
  const id = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
  const filesDir = path.join(store, 'files');
  for (const file of files) {
    const target = path.join(filesDir, file);
    if (fs.existsSync(target)) continue;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    // Written aside then renamed: a server never reads half a file.
    fs.copyFileSync(path.join(dist, file), `${target}.partial`);
    fs.renameSync(`${target}.partial`, target);
  }
  const releases = [...keptReleases(store).filter((r) => r.id !== id), { id, release, files }].slice(-Math.max(1, keep));
  const index = path.join(store, 'releases.json');
  fs.writeFileSync(`${index}.partial`, `${JSON.stringify(releases, null, 2)}\n`);
  fs.renameSync(`${index}.partial`, index);
  const referenced = new Set(releases.flatMap((r) => r.files));
  for (const file of hashedFilesOf(filesDir)) if (!referenced.has(file)) fs.rmSync(path.join(filesDir, file));
  return releases;
}

/** The kept file of an earlier release at `pathname` (a URL path), or null. */
export function keptFile(store, pathname) {
  if (!HASHED.test(pathname)) return null;
  const filesDir = path.join(store, 'files');
  const file = path.join(filesDir, path.normalize(pathname));
  if (!file.startsWith(filesDir + path.sep)) return null;
  return fs.existsSync(file) && fs.statSync(file).isFile() ? file : null;
}

if (process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      dist: { type: 'string' },
      store: { type: 'string' },
      keep: { type: 'string', default: String(DEFAULT_KEEP) },
      release: { type: 'string', default: 'dev' },
    },
  });
  const keep = Number(values.keep);
  if (!values.dist || !values.store || !Number.isInteger(keep) || keep < 1) {
    console.error('usage: static-releases.mjs --dist DIR --store DIR [--keep N (>= 1)] [--release NAME]');
    process.exit(64);
  }
  const releases = keepRelease({ dist: values.dist, store: values.store, keep, release: values.release });
  console.log(`kept ${releases.length} release(s) in ${values.store}: ${releases.map((r) => `${r.release} (${r.id}, ${r.files.length} files)`).join(', ')}`);
}
