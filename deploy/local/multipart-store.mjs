// How the embedded S3 keeps objects, where s3rver's own store falls short of S3:
//  - A multipart upload is completed as MinIO completes one: its parts stay where they
//    were written and the object is the list of them, so completing a 1 GB upload moves
//    a folder and writes a list (s3rver copied the gigabyte and hashed it again). A read,
//    whole or a range, streams the parts it covers in order.
//  - A read of `bytes=0-0` is the first byte (s3rver answered the whole object).
//  - A PUT (or a part) is written beside the object and put in place once all of it
//    arrived, as S3 does: a PUT broken off keeps nothing, the object before it stays whole,
//    and the same PUT can be sent again (s3rver wrote in place: half an object, then refused).
//
// A multipart object's files, beside s3rver's own files of its key:
//   <key>._S3rver_object            a sparse file of the object's size: s3rver reads from it
//                                   the size, the date and whether the key exists; never its bytes
//   <key>._S3rver_parts/<inode>/    the parts, and manifest.json naming them in order
// The parts are found by the inode of the object file they back, and the manifest repeats
// that file's size and date: a later PUT of the key is another file, and its bytes are read.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import nodePath from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import S3Error from 's3rver/lib/models/error.js';

const MANIFEST = 'manifest.json';
const CHUNK = 1 << 20;
const fstat = promisify(fs.fstat);

/** Makes s3rver's filesystem `store` keep multipart objects as their parts and write PUTs whole (see above). */
export function keepObjectsAsS3Does(store) {
  const base = { getObject: store.getObject.bind(store), deleteObject: store.deleteObject.bind(store), copyObject: store.copyObject.bind(store) };
  const partsRoot = (bucket, key) => store.getResourcePath(bucket, key, 'parts');
  const uploadDir = (bucket, uploadId) => nodePath.join(store.getResourcePath(bucket, undefined, 'uploads'), uploadId);

  /** The parts behind the object file described by `stat` (of `key`), or undefined for an object stored whole. */
  async function partsBehind(bucket, key, stat) {
    const dir = nodePath.join(partsRoot(bucket, key), String(stat.ino));
    const manifest = await fs.promises.readFile(nodePath.join(dir, MANIFEST), 'utf8').then(JSON.parse, () => undefined);
    if (!manifest || manifest.size !== stat.size || manifest.mtimeMs !== stat.mtimeMs) return undefined;
    return { dir, parts: manifest.parts };
  }

  /** Removes the parts of the earlier objects of `key`: all of them, or all but those of inode `keep`. */
  async function pruneParts(bucket, key, keep) {
    const root = partsRoot(bucket, key);
    const names = await fs.promises.readdir(root).catch(() => []);
    await Promise.all(names.filter((name) => name !== keep).map((name) => fs.promises.rm(nodePath.join(root, name), { recursive: true, force: true })));
    if (keep === undefined) await fs.promises.rmdir(root).catch(() => undefined);
  }

  /** Bytes `start` to `end` (inclusive) of the object made of `parts`, read part after part. */
  function readParts({ dir, parts }, start, end) {
    return Readable.from(
      (async function* read() {
        let offset = 0;
        for (const part of parts) {
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

  store.getObject = async function getObject(bucket, key, options) {
    const object = await base.getObject(bucket, key, options);
    if (!object?.content) return object;
    // s3rver reads `bytes=0-0` (the first byte: a player's first question) as the whole object.
    const firstByte = options?.start === 0 && options.end === 0;
    if (firstByte) object.range = { start: 0, end: 0 };
    // Decided by the file actually opened: a PUT or a completion of the same key meanwhile is another file.
    const stored = await partsBehind(bucket, key, await fstat(object.content.fd));
    if (!stored && !firstByte) return object;
    object.content.destroy();
    const { start, end } = object.range ?? { start: 0, end: object.size - 1 };
    object.content = stored ? readParts(stored, start, end) : fs.createReadStream(this.getResourcePath(bucket, key, 'object'), { start, end });
    return object;
  };

  /**
   * Writes `content` (a stream or a Buffer) to a new file beside `target` and puts it in place once all
   * of it arrived (nothing is kept of one broken off); gives its size and MD5. Written a megabyte at a
   * time where s3rver wrote 16 KB at a time: a system call fewer per 16 KB.
   */
  async function writeWhole(content, target) {
    await fs.promises.mkdir(nodePath.dirname(target), { recursive: true });
    const incoming = `${target}.${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.incoming`;
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

  store.putObject = async function putObject(object) {
    const written = await writeWhole(object.content, this.getResourcePath(object.bucket, object.key, 'object'));
    await pruneParts(object.bucket, object.key);
    await this.putMetadata(object.bucket, object.key, object.metadata, written.md5);
    return written;
  };

  /** UploadPart: stored whole or not at all; its MD5 written once all of it arrived (ListParts lists only those). */
  store.putPart = async function putPart(bucket, uploadId, partNumber, content) {
    // A part of an upload never started, aborted or completed is refused (s3rver made its folder again).
    const known = /^[0-9a-f]{32}$/.test(uploadId) && (await fs.promises.access(nodePath.join(uploadDir(bucket, uploadId), 'key')).then(() => true, () => false));
    if (!known) throw new S3Error('NoSuchUpload', 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.');
    const part = nodePath.join(uploadDir(bucket, uploadId), String(partNumber));
    const written = await writeWhole(content, part);
    await fs.promises.writeFile(`${part}.md5`, written.md5);
    return written;
  };

  /**
   * CompleteMultipartUpload as S3 does it: every part listed must be stored with the ETag given
   * (InvalidPart otherwise); the object is those parts in order, put in place at once; its ETag
   * is the MD5 of the parts' MD5s and "-N", so no byte is read again.
   */
  store.putObjectMultipart = async function putObjectMultipart(bucket, uploadId, parts) {
    const dir = uploadDir(bucket, uploadId);
    const [key, metadata] = await Promise.all([fs.promises.readFile(nodePath.join(dir, 'key'), 'utf8'), fs.promises.readFile(nodePath.join(dir, 'metadata'), 'utf8').then(JSON.parse)]);
    const ordered = [...parts].sort((a, b) => a.number - b.number);
    const stored = await Promise.all(
      ordered.map(async ({ number }) => {
        const file = nodePath.join(dir, String(number));
        const [md5, stat] = await Promise.all([fs.promises.readFile(`${file}.md5`, 'utf8').then((m) => m.trim()), fs.promises.stat(file)]).catch(() => []);
        return { number, md5, size: stat?.size };
      }),
    );
    ordered.forEach((part, i) => {
      if (stored[i].md5 !== part.etag) throw new S3Error('InvalidPart', "One or more of the specified parts could not be found. The part might not have been uploaded, or the specified entity tag might not have matched the part's entity tag.");
    });
    const size = stored.reduce((sum, part) => sum + part.size, 0);
    const objectPath = this.getResourcePath(bucket, key, 'object');
    await fs.promises.mkdir(nodePath.dirname(objectPath), { recursive: true });
    const incoming = `${objectPath}.${uploadId}.incoming`;
    const file = await fs.promises.open(incoming, 'w');
    const stat = await file.truncate(size).then(() => file.stat()).finally(() => file.close());
    const root = partsRoot(bucket, key);
    const partsDir = nodePath.join(root, String(stat.ino));
    await fs.promises.mkdir(root, { recursive: true });
    await fs.promises.rm(partsDir, { recursive: true, force: true });
    await fs.promises.rename(dir, partsDir);
    const manifest = { size, mtimeMs: stat.mtimeMs, parts: stored.map(({ number, size: partSize }) => ({ number, size: partSize })) };
    await fs.promises.writeFile(nodePath.join(partsDir, MANIFEST), JSON.stringify(manifest));
    await fs.promises.rename(incoming, objectPath);
    await pruneParts(bucket, key, String(stat.ino));
    const md5 = `${createHash('md5').update(Buffer.concat(stored.map((part) => Buffer.from(part.md5, 'hex')))).digest('hex')}-${stored.length}`;
    await this.putMetadata(bucket, key, metadata, md5);
    return { md5, size };
  };

  store.deleteObject = async function deleteObject(bucket, key) {
    await pruneParts(bucket, key);
    return base.deleteObject(bucket, key);
  };

  store.copyObject = async function copyObject(srcBucket, srcKey, destBucket, destKey, replacementMetadata) {
    if (srcBucket === destBucket && srcKey === destKey) return base.copyObject(srcBucket, srcKey, destBucket, destKey, replacementMetadata);
    const stat = await fs.promises.stat(this.getResourcePath(srcBucket, srcKey, 'object'));
    if (!(await partsBehind(srcBucket, srcKey, stat))) {
      await pruneParts(destBucket, destKey);
      return base.copyObject(srcBucket, srcKey, destBucket, destKey, replacementMetadata);
    }
    // A copy of a multipart object is a new object stored whole (a new ETag, as S3 gives it).
    const source = await this.getObject(srcBucket, srcKey);
    await this.putObject({ bucket: destBucket, key: destKey, content: source.content, metadata: replacementMetadata ?? source.metadata });
    return this.getMetadata(destBucket, destKey);
  };
}
