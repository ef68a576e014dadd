/**
 * `@coffer/web-core/format`: how Coffer writes sizes, storage use, times and
 * initials. Plain functions, not a shared singleton: each app bundles only the
 * ones it uses.
 */
export { formatFileSize, formatMegabytes } from './format/format-file-size';
export { formatBytes, formatStorageLimit, formatStoragePercent, formatStorageUsed, storagePercent } from './format/format-storage';
export { formatRelativeTime, formatRelativeTimeShort } from './format/relative-time';
export { avatarInitials } from './format/avatar-initials';
