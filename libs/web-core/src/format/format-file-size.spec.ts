import { formatFileSize, formatMegabytes } from './format-file-size';

describe('formatFileSize (file list)', () => {
  it('uses Bytes, KB, MB and GB in units of 1024 with up to two decimals', () => {
    expect(formatFileSize(0)).toBe('0 Bytes');
    expect(formatFileSize(1)).toBe('1 Bytes');
    expect(formatFileSize(1023)).toBe('1023 Bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1024 KB');
    expect(formatFileSize(1024 * 1024)).toBe('1 MB');
    expect(formatFileSize(2.345 * 1024 * 1024)).toBe('2.35 MB');
    expect(formatFileSize(1024 ** 3)).toBe('1 GB');
  });

  it('stays in GB above a terabyte', () => {
    expect(formatFileSize(2 * 1024 ** 4)).toBe('2048 GB');
  });

  it('reads nonsense as 0 Bytes', () => {
    expect(formatFileSize(-5)).toBe('0 Bytes');
    expect(formatFileSize(Number.NaN)).toBe('0 Bytes');
  });
});

describe('formatMegabytes (the Upload dialog)', () => {
  it('shows every chosen file in MB with two decimals, a tiny one as 0.01 MB', () => {
    expect(formatMegabytes(120 * 1024 * 1024)).toBe('120.00 MB');
    expect(formatMegabytes(1.5 * 1024 * 1024)).toBe('1.50 MB');
    expect(formatMegabytes(600 * 1024)).toBe('0.59 MB');
    expect(formatMegabytes(5)).toBe('0.01 MB');
    expect(formatMegabytes(0)).toBe('0.00 MB');
  });
});
