const MINUTE = 60;
const HOUR = 3600;
const DAY = 86400;
const WEEK = 604800;

const secondsSince = (date: Date | string | number, now: number) => Math.floor((now - new Date(date).getTime()) / 1000);

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/**
 * The activity log's time: "Just now" under 60 s, "N minutes ago" under an hour,
 * "N hours ago" under a day, "N days ago" under 7 days, else the locale date.
 */
export function formatRelativeTime(date: Date | string | number, now: number = Date.now()): string {
  const seconds = secondsSince(date, now);
  if (seconds < MINUTE) return 'Just now';
  if (seconds < HOUR) return `${plural(Math.floor(seconds / MINUTE), 'minute')} ago`;
  if (seconds < DAY) return `${plural(Math.floor(seconds / HOUR), 'hour')} ago`;
  if (seconds < WEEK) return `${plural(Math.floor(seconds / DAY), 'day')} ago`;
  return new Date(date).toLocaleDateString();
}

/** The short form of the notifications page: "Just now", "5m ago", "3h ago", "2d ago", else the locale date. */
export function formatRelativeTimeShort(date: Date | string | number, now: number = Date.now()): string {
  const seconds = secondsSince(date, now);
  if (seconds < MINUTE) return 'Just now';
  if (seconds < HOUR) return `${Math.floor(seconds / MINUTE)}m ago`;
  if (seconds < DAY) return `${Math.floor(seconds / HOUR)}h ago`;
  if (seconds < WEEK) return `${Math.floor(seconds / DAY)}d ago`;
  return new Date(date).toLocaleDateString();
}
