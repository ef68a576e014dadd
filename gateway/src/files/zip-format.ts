/**
 * The records of a stored (uncompressed) zip streamed as it is written, laid out as yazl 3 lays them out (which
 * Coffer's zips used before): each file's local header with its CRC-32 and sizes in a data descriptor after its bytes
 * (they are known only once read), UTF-8 names, Unix modes, an Info-ZIP timestamp in the central directory, and ZIP64
 * (its extra field, its data descriptor, its end records) only where a size, an offset or the count needs it.
 */

/** What the central directory keeps of an entry once it is written. */
export interface ZipRecord {
  name: Buffer;
  isFolder: boolean;
  crc: number;
  size: number;
  offset: number;
  modifiedAt: Date;
}

const UTF8_NAME = 1 << 11;
const DATA_DESCRIPTOR_FOLLOWS = 1 << 3;
const VERSION_NEEDED = 20;
const VERSION_NEEDED_ZIP64 = 45;
const VERSION_MADE_BY = (3 << 8) | 63; // Unix, zip specification 6.3
const FILE_MODE = 0o100664;
const FOLDER_MODE = 0o40775;
/** Past this, a size or an offset goes in the ZIP64 fields (yazl's limit, one short of 0xffffffff). */
const ZIP32_MOST = 0xfffffffe;

const minDos = () => new Date(1980, 0, 1);
const maxDos = () => new Date(2107, 11, 31, 23, 59, 58);
/** MS-DOS date and time, in the server's time zone (as yazl writes them). */
function dosDateTime(date: Date): { date: number; time: number } {
  const d = date < minDos() ? minDos() : date > maxDos() ? maxDos() : date;
  return {
    date: (d.getDate() & 0x1f) | (((d.getMonth() + 1) & 0xf) << 5) | (((d.getFullYear() - 1980) & 0x7f) << 9),
    time: Math.floor(d.getSeconds() / 2) | ((d.getMinutes() & 0x3f) << 5) | ((d.getHours() & 0x1f) << 11),
  };
}

const writeUInt64 = (buffer: Buffer, n: number, at: number) => {
  buffer.writeUInt32LE(n % 0x100000000, at);
  buffer.writeUInt32LE(Math.floor(n / 0x100000000), at + 4);
};

const needsZip64 = (record: Pick<ZipRecord, 'size' | 'offset'>) => record.size > ZIP32_MOST || record.offset > ZIP32_MOST;

/** The local header of an entry: a folder's with its (zero) CRC-32 and sizes, a file's with them in its data descriptor. */
export function localHeader(name: Buffer, isFolder: boolean, modifiedAt: Date): Buffer {
  const header = Buffer.alloc(30 + name.length);
  const { date, time } = dosDateTime(modifiedAt);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION_NEEDED, 4);
  header.writeUInt16LE(isFolder ? UTF8_NAME : UTF8_NAME | DATA_DESCRIPTOR_FOLLOWS, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(date, 12);
  // CRC-32 and sizes (14 to 25): zero, in the data descriptor for a file
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(0, 28);
  name.copy(header, 30);
  return header;
}

/** A file's data descriptor, after its bytes: its CRC-32 and sizes (8 bytes each where ZIP64 is needed). */
export function dataDescriptor(record: ZipRecord): Buffer {
  const zip64 = needsZip64(record);
  const descriptor = Buffer.alloc(zip64 ? 24 : 16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(record.crc, 4);
  if (zip64) {
    writeUInt64(descriptor, record.size, 8);
    writeUInt64(descriptor, record.size, 16);
  } else {
    descriptor.writeUInt32LE(record.size, 8);
    descriptor.writeUInt32LE(record.size, 12);
  }
  return descriptor;
}

/** An entry's record in the central directory. */
export function centralRecord(record: ZipRecord): Buffer {
  const zip64 = needsZip64(record);
  const extra = 9 + (zip64 ? 28 : 0);
  const out = Buffer.alloc(46 + record.name.length + extra);
  const { date, time } = dosDateTime(record.modifiedAt);
  out.writeUInt32LE(0x02014b50, 0);
  out.writeUInt16LE(VERSION_MADE_BY, 4);
  out.writeUInt16LE(zip64 ? VERSION_NEEDED_ZIP64 : VERSION_NEEDED, 6);
  out.writeUInt16LE(record.isFolder ? UTF8_NAME : UTF8_NAME | DATA_DESCRIPTOR_FOLLOWS, 8);
  out.writeUInt16LE(0, 10); // stored
  out.writeUInt16LE(time, 12);
  out.writeUInt16LE(date, 14);
  out.writeUInt32LE(record.crc, 16);
  out.writeUInt32LE(zip64 ? 0xffffffff : record.size, 20);
  out.writeUInt32LE(zip64 ? 0xffffffff : record.size, 24);
  out.writeUInt16LE(record.name.length, 28);
  out.writeUInt16LE(extra, 30);
  // comment length, disk number, internal attributes (32 to 37): zero
  out.writeUInt32LE(((record.isFolder ? FOLDER_MODE : FILE_MODE) << 16) >>> 0, 38);
  out.writeUInt32LE(zip64 ? 0xffffffff : record.offset, 42);
  let at = 46 + record.name.copy(out, 46);
  // Info-ZIP universal timestamp: modification time (the access-time flag set too, as Info-ZIP does)
  out.writeUInt16LE(0x5455, at);
  out.writeUInt16LE(5, at + 2);
  out.writeUInt8(0b11, at + 4);
  out.writeInt32LE(Math.min(0x7fffffff, Math.max(-0x80000000, Math.floor(record.modifiedAt.getTime() / 1000))), at + 5);
  at += 9;
  if (zip64) {
    out.writeUInt16LE(0x0001, at);
    out.writeUInt16LE(24, at + 2);
    writeUInt64(out, record.size, at + 4);
    writeUInt64(out, record.size, at + 12);
    writeUInt64(out, record.offset, at + 20);
  }
  return out;
}

/** The end of the zip after its central directory: ZIP64's end record and locator first where the count, size or offset needs them. */
export function endOfCentralDirectory(entries: number, directoryOffset: number, directorySize: number): Buffer {
  const zip64 = entries >= 0xffff || directorySize >= 0xffffffff || directoryOffset >= 0xffffffff;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  // disk numbers (4 to 7): zero
  end.writeUInt16LE(Math.min(entries, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries, 0xffff), 10);
  end.writeUInt32LE(Math.min(directorySize, 0xffffffff), 12);
  end.writeUInt32LE(Math.min(directoryOffset, 0xffffffff), 16);
  end.writeUInt16LE(0, 20);
  if (!zip64) return end;
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  writeUInt64(record, 56 - 12, 4);
  record.writeUInt16LE(VERSION_MADE_BY, 12);
  record.writeUInt16LE(VERSION_NEEDED_ZIP64, 14);
  // disk numbers (16 to 23): zero
  writeUInt64(record, entries, 24);
  writeUInt64(record, entries, 32);
  writeUInt64(record, directorySize, 40);
  writeUInt64(record, directoryOffset, 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeUInt32LE(0, 4);
  writeUInt64(locator, directoryOffset + directorySize, 8);
  locator.writeUInt32LE(1, 16);
  return Buffer.concat([record, locator, end]);
}
