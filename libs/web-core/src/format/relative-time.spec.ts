import { formatRelativeTime, formatRelativeTimeShort } from './relative-time';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('formatRelativeTime (activity log)', () => {
  it.each([
    [0, 'Just now'],
    [59, 'Just now'],
    [60, '1 minute ago'],
    [119, '1 minute ago'],
    [120, '2 minutes ago'],
    [3599, '59 minutes ago'],
    [3600, '1 hour ago'],
    [7200, '2 hours ago'],
    [86399, '23 hours ago'],
    [86400, '1 day ago'],
    [172800, '2 days ago'],
    [604799, '6 days ago'],
  ])('%i s ago reads "%s"', (seconds, text) => {
    expect(formatRelativeTime(ago(seconds), NOW)).toBe(text);
  });

  it('shows the locale date from 7 days (604800 s) on', () => {
    expect(formatRelativeTime(ago(604800), NOW)).toBe(new Date(NOW - 604800 * 1000).toLocaleDateString());
    expect(formatRelativeTime(ago(90 * 86400), NOW)).toBe(new Date(NOW - 90 * 86400 * 1000).toLocaleDateString());
  });

  it('takes Date objects and timestamps too', () => {
    expect(formatRelativeTime(new Date(NOW - 300_000), NOW)).toBe('5 minutes ago');
    expect(formatRelativeTime(NOW - 300_000, NOW)).toBe('5 minutes ago');
  });
});

describe('formatRelativeTimeShort (notifications)', () => {
  it.each([
    [0, 'Just now'],
    [59, 'Just now'],
    [60, '1m ago'],
    [3599, '59m ago'],
    [3600, '1h ago'],
    [86399, '23h ago'],
    [86400, '1d ago'],
    [604799, '6d ago'],
  ])('%i s ago reads "%s"', (seconds, text) => {
    expect(formatRelativeTimeShort(ago(seconds), NOW)).toBe(text);
  });

  it('shows the locale date from 7 days on', () => {
    expect(formatRelativeTimeShort(ago(604800), NOW)).toBe(new Date(NOW - 604800 * 1000).toLocaleDateString());
  });
});
