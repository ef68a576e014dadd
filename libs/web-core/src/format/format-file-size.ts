const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

/** A file size for the file list, in units of 1024 with up to two decimals: "0 Bytes", "1.5 KB", "2.25 MB". */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1);
  return `${parseFloat((bytes / 1024 ** exponent).toFixed(2))} ${UNITS[exponent]}`;
}

/** A chosen file's size in the Upload dialog (spec: "size in MB"), two decimals: "0.01 MB", "120.00 MB". */
export function formatMegabytes(bytes: number): string {
  const megabytes = Number.isFinite(bytes) && bytes > 0 ? bytes / 1024 ** 2 : 0;
  // A file under 0.01 MB still shows as something, never as an empty "0.00 MB".
  return `${bytes > 0 && megabytes < 0.01 ? '0.01' : megabytes.toFixed(2)} MB`;
}
