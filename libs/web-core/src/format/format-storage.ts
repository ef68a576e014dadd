const KIB = 1024;
const GIB = KIB ** 3;
const TIB = KIB ** 4;
const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

const twoDecimals = (value: number) => parseFloat(value.toFixed(2));

/** A storage amount in units of 1024 (B, KB, MB, GB, TB) with up to two decimals: "0 B", "1.5 GB". */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(KIB)), BYTE_UNITS.length - 1);
  return `${twoDecimals(bytes / KIB ** exponent)} ${BYTE_UNITS[exponent]}`;
}

/** The storage meter's limit: in TB from 1 TB up, in GB below ("10 GB", "500 GB", "2 TB"). */
export function formatStorageLimit(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 GB';
  return bytes >= TIB ? `${twoDecimals(bytes / TIB)} TB` : `${twoDecimals(bytes / GIB)} GB`;
}

/** The share of the limit in use, 0 to 100 (capped: an account over its limit shows 100). */
export function storagePercent(usedBytes: number, limitBytes: number): number {
  if (!(limitBytes > 0) || !(usedBytes > 0)) return 0;
  return Math.min(100, (usedBytes / limitBytes) * 100);
}

/** The meter's percentage text (spec: two decimals under 1 percent, so an empty account reads "0.00%"), whole numbers otherwise ("42%"). */
export function formatStoragePercent(usedBytes: number, limitBytes: number): string {
  const percent = storagePercent(usedBytes, limitBytes);
  return percent < 1 ? `${percent.toFixed(2)}%` : `${Math.round(percent)}%`;
}

/** The meter's line: "X of Y used". */
export function formatStorageUsed(usedBytes: number, limitBytes: number): string {
  return `${formatBytes(usedBytes)} of ${formatStorageLimit(limitBytes)} used`;
}
