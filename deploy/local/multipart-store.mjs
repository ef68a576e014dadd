// How the embedded S3 keeps objects, where s3rver's own store falls short of S3:
//  - A multipart upload is completed as MinIO completes one: its parts stay where they
//    were written and the object is the list of them, so completing a 1 GB upload moves
//    a folder and writes a list (s3rver copied the gigabyte and hashed it again). A read,
//    whole or a range, streams the parts it covers in order.
//  - A PUT (or a part) is written beside the object and put in place once all of it
//    arrived, as S3 does: a PUT broken off keeps nothing, the object before it stays whole,
//    and the same PUT can be sent again (s3rver wrote in place: half an object, then refused).
//  - A read of `bytes=0-0` is the first byte (s3rver answered the whole object).
//  - A part sent to an upload that is over (completed, aborted, never started) is refused.
//
// A multipart object's files, beside s3rver's own files of its key:
//   <key>._S3rver_object              its manifest (size, ETag, the parts in order), read-only
//                                     (mode 0400): no PUT makes such a file, so bytes a user
//                                     stored are never taken for a manifest
//   <key>._S3rver_parts/<uploadId>/   the parts, moved there from the upload's folder
// The manifest is put in place with one rename, as a PUT's file is: a reader opens one or
// the other, whole. A folder of parts no object names any more (deleted, replaced) is retired:
// noted in <bucket>/._S3rver_retired and removed an hour later, so a download under way when
// the object went still reads to its end; one claimed a moment ago is left alone (its
// completion's manifest may be on its way).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import nodePath from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3Error from 's3rver/lib/models/error.js';
import S3Object from 's3rver/lib/models/object.js';

const CHUNK = 1 << 20;
/** The mode of a manifest; a PUT's file has the umask's (0644). */
const MANIFEST_MODE = 0o400;
/** A folder of parts claimed this recently may be a completion whose manifest is not in place yet. */
const CLAIM_GRACE_MS = 10 * 60_000;
/** A retired folder of parts stays this long: reads that began before it was retired finish. */
const RETIRED_FOR_MS = 60 * 60_000;
/** How often a worker looks for retired folders to remove (on the writes and deletes it serves). */
const SWEEP_EVERY_MS = 60_000;

const isManifest = (stat) => (stat.mode & 0o777) === MANIFEST_MODE;
const noSuchUpload = () =>
  new S3Error('NoSuchUpload', 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.');
const unique = () => `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** The manifest in the open file `handle` (read whole from that very file); undefined for one broken (a crash while it was written). */
async function readManifest(handle) {
  try {
    return JSON.parse(await handle.readFile('utf8'));
  } catch {
    return undefined;
  }
}

/** Makes s3rver's filesystem `store` keep multipart objects as their parts and write PUTs whole (see above). */
export function keepObjectsAsS3Does(store) {
  const base = { getMetadata: store.getMetadata.bind(store), deleteObject: store.deleteObject.bind(store), copyObject: store.copyObject.bind(store) };
  const partsRoot = (bucket, key) => store.getResourcePath(bucket, key, 'parts');
  const uploadDir = (bucket, uploadId) => nodePath.join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId);

  /** The manifest of the object now stored at `key`, or undefined for an object stored whole (or none). */
  async function manifestOf(bucket, key) {
    const handle = await fs.promises.open(store.getResourcePath(bucket, key, 'object'), 'r').catch(() => undefined);
    if (!handle) return undefined;
    try {
      return isManifest(await handle.stat()) ? await readManifest(handle) : undefined;
    } finally {
      await handle.close();
    }
  }

  const retiredRoot = (bucket) => nodePath.join(store.getBucketPath(bucket), '._S3rver_retired');

  /** Removes the folders from `dir`'s up to the bucket's that are empty now. */
  async function removeEmptyFolders(bucket, dir) {
    for (let folder = dir; folder.length > store.getBucketPath(bucket).length; folder = nodePath.dirname(folder)) {
      if (
        !(await fs.promises.rmdir(folder).then(
          () => true,
          () => false,
        ))
      )
        return;
    }
  }

  /** Retires a folder of parts no object names any more: removed RETIRED_FOR_MS from now (see sweep). */
  async function retire(bucket, dir) {
    const notes = retiredRoot(bucket);
    await fs.promises.mkdir(notes, { recursive: true });
    await fs.promises.writeFile(nodePath.join(notes, `${Date.now()}-${unique()}`), dir);
    await fs.promises.writeFile(nodePath.join(dir, 'retired'), String(Date.now())).catch(() => undefined);
  }

  let swept = 0;
  /** Removes the folders retired more than RETIRED_FOR_MS ago (at most once a minute per worker). */
  async function sweep(bucket) {
    if (Date.now() - swept < SWEEP_EVERY_MS) return;
    swept = Date.now();
    const notes = retiredRoot(bucket);
    for (const note of await fs.promises.readdir(notes).catch(() => [])) {
      if (Date.now() - Number(note.split('-')[0]) < RETIRED_FOR_MS) continue;
      const dir = await fs.promises.readFile(nodePath.join(notes, note), 'utf8').catch(() => undefined);
      if (dir?.startsWith(store.getBucketPath(bucket))) {
        await fs.promises.rm(dir, { recursive: true, force: true });
        await removeEmptyFolders(bucket, nodePath.dirname(dir));
      }
      await fs.promises.rm(nodePath.join(notes, note), { force: true });
    }
  }

  /**
   * Retires the folders of parts of `key` no object names: all but `keep`'s, and but those claimed
   * in the last CLAIM_GRACE_MS (a completion of the same key still under way) or retired already.
   */
  async function pruneParts(bucket, key, keep) {
    const root = partsRoot(bucket, key);
    const names = (await fs.promises.readdir(root).catch(() => [])).filter((name) => name !== keep);
    for (const name of names) {
      const dir = nodePath.join(root, name);
      const [claimedAt, retired] = await Promise.all([
        fs.promises.readFile(nodePath.join(dir, 'claimed'), 'utf8').then(Number, () => 0),
        fs.promises.access(nodePath.join(dir, 'retired')).then(
          () => true,
          () => false,
        ),
      ]);
      if (!retired && Date.now() - claimedAt > CLAIM_GRACE_MS) await retire(bucket, dir);
    }
    await sweep(bucket);
  }

  /** Retires the parts of the object `manifest` of `key` (deleted or replaced), however recently completed. */
  async function retireParts(bucket, key, manifest) {
    if (manifest) await retire(bucket, nodePath.join(partsRoot(bucket, key), manifest.uploadId));
  }

  /**
   * Bytes `start` to `end` (inclusive) of the object of `manifest`, whose parts are in `dir`, read part
   * after part (each opened when the read reaches it: a 10 GB file is 1,280 parts).
   */
  function readParts(dir, manifest, start, end) {
    return Readable.from(
      (async function* read() {
        let offset = 0;
        for (const part of manifest.parts) {
          if (offset > end) return;
          const from = Math.max(start, offset);
          const to = Math.min(end, offset + part.size - 1);
          if (from <= to) yield* fs.createReadStream(nodePath.join(dir, String(part.number)), { start: from - offset, end: to - offset, highWaterMark: CHUNK });
          offset += part.size;
        }
      })(),
      { objectMode: false },
    );
  }

  /**
   * Writes `content` (a stream or a Buffer) to a new file beside `target` and puts it in place once all
   * of it arrived (nothing is kept of one broken off); gives its size and MD5. Written a megabyte at a
   * time where s3rver wrote 16 KB at a time: a system call fewer per 16 KB.
   */
  async function writeWhole(content, target) {
    const incoming = `${target}.${unique()}.incoming`;
    const md5 = createHash('md5');
    let size = 0;
    const count = new Transform({
      transform(chunk, _encoding, callback) {
        md5.update(chunk);
        size += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      await pipeline(Buffer.isBuffer(content) ? Readable.from([content]) : content, count, fs.createWriteStream(incoming, { highWaterMark: CHUNK }));
      await fs.promises.rename(incoming, target);
    } catch (err) {
      await fs.promises.rm(incoming, { force: true });
      throw err;
    }
    return { size, md5: md5.digest('hex') };
  }

  /** An object's metadata as S3 answers it: what was stored with it, and its ETag, time (of the file `stat`) and size. */
  async function metadataOf(bucket, key, stat, etag, size) {
    const stored = await fs.promises.readFile(store.getResourcePath(bucket, key, 'metadata.json'), 'utf8').then(JSON.parse, () => ({}));
    return { ...stored, etag: JSON.stringify(etag), 'last-modified': stat.mtime.toUTCString(), 'content-length': size };
  }

  store.getMetadata = async function getMetadata(bucket, key) {
    const manifest = await manifestOf(bucket, key);
    if (!manifest) return base.getMetadata(bucket, key);
    return metadataOf(bucket, key, await fs.promises.stat(this.getResourcePath(bucket, key, 'object')), manifest.etag, manifest.size);
  };

  store.getObject = async function getObject(bucket, key, options) {
    const objectPath = this.getResourcePath(bucket, key, 'object');
    const handle = await fs.promises.open(objectPath, 'r').catch((err) => (err.code === 'ENOENT' ? undefined : Promise.reject(err)));
    if (!handle) return null;
    // Everything is read from the file opened: a PUT or a completion of the key meanwhile is another file.
    let streamsFile = false;
    try {
      const stat = await handle.stat();
      const manifest = isManifest(stat) ? await readManifest(handle) : undefined;
      if (isManifest(stat) && !manifest) throw new S3Error('InternalError', 'This object was not stored whole; store it again.');
      const size = manifest?.size ?? stat.size;
      const etag =
        manifest?.etag ??
        (await fs.promises.readFile(`${objectPath}.md5`, 'utf8').catch(() => undefined)) ??
        (await base.getMetadata(bucket, key)).etag.replace(/"/g, '');
      const metadata = await metadataOf(bucket, key, stat, etag, size);
      // A Range that is not one (bytes=abc) is ignored, as S3 ignores it.
      const ranged = Number.isFinite(options?.start);
      const lastByte = Math.max(0, size - 1);
      const range = { start: ranged ? options.start : 0, end: Math.min(ranged && Number.isFinite(options.end) ? options.end : Infinity, lastByte) };
      const object = new S3Object(bucket, key, null, metadata);
      if (ranged) object.range = range;
      // Not satisfiable: no content (the controller answers 416).
      if (range.start < 0 || range.end < range.start || (ranged && size === 0)) return object;
      if (manifest) {
        object.content = readParts(nodePath.join(partsRoot(bucket, key), manifest.uploadId), manifest, range.start, range.end);
      } else {
        // The stream closes the file when it ends or is destroyed.
        object.content = handle.createReadStream({ start: range.start, end: range.end, highWaterMark: CHUNK });
        streamsFile = true;
      }
      return object;
    } finally {
      if (!streamsFile) await handle.close();
    }
  };

  store.putObject = async function putObject(object) {
    const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
    await fs.promises.mkdir(nodePath.dirname(objectPath), { recursive: true });
    const replaced = await manifestOf(object.bucket, object.key);
    const written = await writeWhole(object.content, objectPath);
    await this.putMetadata(object.bucket, object.key, object.metadata, written.md5);
    await retireParts(object.bucket, object.key, replaced);
    await pruneParts(object.bucket, object.key);
    return written;
  };

  /** UploadPart: stored whole or not at all; its MD5 written once all of it arrived (ListParts lists only those). */
  store.putPart = async function putPart(bucket, uploadId, partNumber, content) {
    if (
      !/^[0-9a-f]{32}$/.test(uploadId) ||
      !(await fs.promises.access(nodePath.join(uploadDir(bucket, uploadId), 'key')).then(
        () => true,
        () => false,
      ))
    )
      throw noSuchUpload();
    const part = nodePath.join(uploadDir(bucket, uploadId), String(Number(partNumber)));
    // The upload's folder is never made here: one aborted meanwhile stays gone.
    const written = await writeWhole(content, part).catch((err) => Promise.reject(err.code === 'ENOENT' ? noSuchUpload() : err));
    await fs.promises.writeFile(`${part}.md5`, written.md5);
    return written;
  };

  /**
   * CompleteMultipartUpload as S3 does it: the upload is claimed first (of two completions at once,
   * the second finds no upload); every part listed must be stored with the ETag given (InvalidPart
   * otherwise, and the upload stays as it was); the object is those parts in order, put in place at
   * once; its ETag is the MD5 of the parts' MD5s and "-N", so no byte is read again.
   */
  store.putObjectMultipart = async function putObjectMultipart(bucket, uploadId, parts) {
    const dir = uploadDir(bucket, uploadId);
    const key = /^[0-9a-f]{32}$/.test(uploadId) ? await fs.promises.readFile(nodePath.join(dir, 'key'), 'utf8').catch(() => undefined) : undefined;
    if (key === undefined) throw noSuchUpload();
    const root = partsRoot(bucket, key);
    const claimed = nodePath.join(root, uploadId);
    await fs.promises.mkdir(root, { recursive: true });
    await fs.promises.writeFile(nodePath.join(dir, 'claimed'), String(Date.now())).catch(() => undefined);
    await fs.promises.rename(dir, claimed).catch((err) => Promise.reject(err.code === 'ENOENT' ? noSuchUpload() : err));
    const objectPath = this.getResourcePath(bucket, key, 'object');
    const incoming = `${objectPath}.${uploadId}.incoming`;
    let replaced;
    let etag;
    let size;
    try {
      const metadata = JSON.parse(await fs.promises.readFile(nodePath.join(claimed, 'metadata'), 'utf8'));
      const ordered = [...parts].sort((a, b) => a.number - b.number);
      const stored = await Promise.all(
        ordered.map(async ({ number }) => {
          const file = nodePath.join(claimed, String(number));
          const [md5, stat] = await Promise.all([fs.promises.readFile(`${file}.md5`, 'utf8').then((m) => m.trim()), fs.promises.stat(file)]).catch(() => []);
          return { number, md5, size: stat?.size };
        }),
      );
      ordered.forEach((part, i) => {
        if (stored[i].md5 !== part.etag)
          throw new S3Error(
            'InvalidPart',
            "One or more of the specified parts could not be found. The part might not have been uploaded, or the specified entity tag might not have matched the part's entity tag.",
          );
      });
      size = stored.reduce((sum, part) => sum + part.size, 0);
      etag = `${createHash('md5')
        .update(Buffer.concat(stored.map((part) => Buffer.from(part.md5, 'hex'))))
        .digest('hex')}-${stored.length}`;
      const manifest = { size, etag, parts: stored.map(({ number, size: partSize }) => ({ number, size: partSize })) };
      await fs.promises.mkdir(nodePath.dirname(objectPath), { recursive: true });
      await fs.promises.rm(incoming, { force: true });
      const file = await fs.promises.open(incoming, 'wx', MANIFEST_MODE);
      try {
        await file.writeFile(JSON.stringify({ ...manifest, uploadId }));
        await file.sync();
      } finally {
        await file.close();
      }
      await this.putMetadata(bucket, key, metadata);
      replaced = await manifestOf(bucket, key);
      await fs.promises.rename(incoming, objectPath);
    } catch (err) {
      // Not completed: the upload is back as it was, to be completed again or aborted.
      await fs.promises.rm(incoming, { force: true });
      await fs.promises.rename(claimed, dir).catch(() => undefined);
      throw err;
    }
    // Completed (the manifest is in place): what follows only tidies, and never undoes it.
    await fs.promises.rm(`${objectPath}.md5`, { force: true }).catch(() => undefined);
    await retireParts(bucket, key, replaced).catch(() => undefined);
    await pruneParts(bucket, key, uploadId).catch(() => undefined);
    return { md5: etag, size };
  };

  store.deleteObject = async function deleteObject(bucket, key) {
    const manifest = await manifestOf(bucket, key);
    await base.deleteObject(bucket, key);
    await retireParts(bucket, key, manifest);
    await pruneParts(bucket, key);
  };

  store.copyObject = async function copyObject(srcBucket, srcKey, destBucket, destKey, replacementMetadata) {
    const same = srcBucket === destBucket && srcKey === destKey;
    if (same || !(await manifestOf(srcBucket, srcKey))) {
      if (same) return base.copyObject(srcBucket, srcKey, destBucket, destKey, replacementMetadata);
      // A new file (fs-extra writes into the one there, and a manifest's mode would stay).
      const replaced = await manifestOf(destBucket, destKey);
      await fs.promises.rm(this.getResourcePath(destBucket, destKey, 'object'), { force: true });
      const copied = await base.copyObject(srcBucket, srcKey, destBucket, destKey, replacementMetadata);
      await retireParts(destBucket, destKey, replaced);
      await pruneParts(destBucket, destKey);
      return copied;
    }
    // A copy of a multipart object is a new object stored whole (a new ETag, as S3 gives it).
    const source = await this.getObject(srcBucket, srcKey);
    await this.putObject({ bucket: destBucket, key: destKey, content: source.content, metadata: replacementMetadata ?? source.metadata });
    return this.getMetadata(destBucket, destKey);
  };
}
