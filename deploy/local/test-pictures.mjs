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

/**
 * A one-page PDF of `width` x `height` points whose page is drawn by `content` (PDF drawing operators, e.g.
 * '1 0 0 rg 0 0 100 100 re f' for a red square at the bottom left; text may use /F1, Helvetica), written by
 * hand with its cross-reference table: for tests that upload a real PDF. `encrypted`: it opens only with a
 * password (one that is not empty).
 */
export function pdfOf(width, height, content, { encrypted = false } = {}) {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  // RC4 40-bit (the Standard handler's revision 2): a /U that no empty password gives.
  if (encrypted) objects.push(`<< /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -4 >>`);
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  const encryption = encrypted ? ` /Encrypt ${objects.length} 0 R /ID [<${'12'.repeat(16)}> <${'12'.repeat(16)}>]` : '';
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${encryption} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
