const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** A file size for the file list, in units of 1024 with up to two decimals: "0 Bytes", "1.5 KB", "2.25 MB". */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  return `${parseFloat((bytes / 1024 ** exponent).toFixed(2))} ${UNITS[exponent]}`;
}
