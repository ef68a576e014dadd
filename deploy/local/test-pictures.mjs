import { crc32, deflateSync } from 'node:zlib';

/**
 * A PNG of `width` x `height` pixels, a colour gradient that `seed` shifts (so each picture's bytes differ),
 * made without an image library: for tests and benches that upload real pictures.
 */
export function picturePng(width, height, seed = 0) {
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3); // each row starts with filter type 0 (none)
    for (let x = 0; x < width; x++) {
      const at = row + 1 + x * 3;
      rows[at] = (x * 255) / width + seed;
      rows[at + 1] = (y * 255) / height;
      rows[at + 2] = 160 + ((seed * 7) % 96);
    }
  }
  return pngOf(width, height, rows);
}

/** A PNG whose header says `width` x `height` (8-bit RGB), with these filtered rows as its pixels (a header that lies: a decompression bomb's). */
export function pngOf(width, height, rows) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
