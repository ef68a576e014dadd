import { formatBytes, formatStorageLimit, formatStoragePercent, formatStorageUsed, storagePercent } from './format-storage';

const GB = 1024 ** 3;
const TB = 1024 ** 4;

describe('storage meter', () => {
  it('sizes in units of 1024 from B to TB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatBytes(3 * GB)).toBe('3 GB');
    expect(formatBytes(2 * TB)).toBe('2 TB');
  });

  it('shows the limit in TB from 1 TB, else in GB', () => {
    expect(formatStorageLimit(10 * GB)).toBe('10 GB');
    expect(formatStorageLimit(536870912000)).toBe('500 GB');
    expect(formatStorageLimit(TB - 1)).toBe('1024 GB');
    expect(formatStorageLimit(TB)).toBe('1 TB');
    expect(formatStorageLimit(2 * TB)).toBe('2 TB');
    expect(formatStorageLimit(5 * TB)).toBe('5 TB');
  });

  it('gives two decimals under 1 %, whole numbers otherwise, capped at 100', () => {
    expect(formatStoragePercent(0, 10 * GB)).toBe('0.00%');
    expect(formatStoragePercent(5 * 1024 * 1024, 10 * GB)).toBe('0.05%');
    expect(formatStoragePercent(0.05 * GB, 10 * GB)).toBe('0.50%');
    expect(formatStoragePercent(0.1 * GB, 10 * GB)).toBe('1%');
    expect(formatStoragePercent(4.26 * GB, 10 * GB)).toBe('43%');
    expect(formatStoragePercent(12 * GB, 10 * GB)).toBe('100%');
    expect(storagePercent(12 * GB, 10 * GB)).toBe(100);
    expect(storagePercent(1, 0)).toBe(0);
  });

  it('reads "X of Y used"', () => {
    expect(formatStorageUsed(1.5 * 1024 * 1024, 10 * GB)).toBe('1.5 MB of 10 GB used');
    expect(formatStorageUsed(0, 2 * TB)).toBe('0 B of 2 TB used');
  });
});
