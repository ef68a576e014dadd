import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';

/** One entry of a zip as a reader sees it: its path, bytes, and whether its name is flagged UTF-8. */
export interface UnzippedEntry {
  path: string;
  bytes: Buffer;
  utf8: boolean;
}

/** Each entry of a zip opened with `lazyEntries`, in order, as yauzl reads its central directory. */
export async function* entriesOf(file: yauzl.ZipFile): AsyncGenerator<yauzl.Entry> {
  for (;;) {
    const entry = await new Promise<yauzl.Entry | undefined>((resolve, reject) => {
      file
        .once('entry', resolve)
        .once('end', () => resolve(undefined))
        .once('error', reject);
      file.readEntry();
    });
    file.removeAllListeners('entry').removeAllListeners('end').removeAllListeners('error');
    if (!entry) return;
    yield entry;
  }
}

/** Every entry of a zip, in order, read with yauzl (which checks each entry's size; the CRC-32 is checked here). */
export async function unzip(zip: Buffer): Promise<{ entries: UnzippedEntry[]; zip64: boolean }> {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true }, (err, opened) => (err ? reject(err) : resolve(opened))),
  );
  const entries: UnzippedEntry[] = [];
  // An end-of-central-directory record at 65,535 entries (or 0xffffffff offsets) means the ZIP64 record holds the truth.
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const zip64 = zip.readUInt16LE(eocd + 10) === 0xffff || zip.readUInt32LE(eocd + 16) === 0xffffffff;
  for await (const entry of entriesOf(file)) {
    const bytes = entry.fileName.endsWith('/')
      ? Buffer.alloc(0)
      : await new Promise<Buffer>((resolve, reject) =>
          file.openReadStream(entry, (err, stream) => {
            if (err) return reject(err);
            const chunks: Buffer[] = [];
            stream.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks)));
            stream.on('error', reject);
          }),
        );
    if (crc32(bytes) !== entry.crc32) throw new Error(`${entry.fileName}: CRC-32 ${entry.crc32} does not match its bytes`);
    entries.push({ path: entry.fileName, bytes, utf8: (entry.generalPurposeBitFlag & 0x800) !== 0 });
  }
  file.close();
  return { entries, zip64 };
}
