import { isRefreshDue, MIN_REFRESH_DELAY_MS, refreshDelayMs, refreshRetryDelayMs } from './refresh-schedule';

describe('refreshDelayMs', () => {
  it('refreshes a 15-minute token 60 s before it expires', () => {
    expect(refreshDelayMs(900)).toBe(840_000);
  });

  it('refreshes a token too short-lived for a 60 s lead half-way through its life', () => {
    expect(refreshDelayMs(120)).toBe(60_000);
    expect(refreshDelayMs(60)).toBe(30_000);
  });

  it('never refreshes sooner than the minimum delay', () => {
    expect(refreshDelayMs(4)).toBe(MIN_REFRESH_DELAY_MS);
    expect(refreshDelayMs(0)).toBe(MIN_REFRESH_DELAY_MS);
    expect(refreshDelayMs(-30)).toBe(MIN_REFRESH_DELAY_MS);
    expect(refreshDelayMs(Number.NaN)).toBe(MIN_REFRESH_DELAY_MS);
  });

  it('stays within what setTimeout can wait', () => {
    expect(refreshDelayMs(60 * 60 * 24 * 365)).toBe(2 ** 31 - 1);
  });
});

describe('refreshRetryDelayMs', () => {
  it('backs off 5, 10, 20 s, then retries every 30 s', () => {
    expect([1, 2, 3, 4, 10].map(refreshRetryDelayMs)).toEqual([5_000, 10_000, 20_000, 30_000, 30_000]);
    expect(refreshRetryDelayMs(0)).toBe(5_000);
  });
});

describe('isRefreshDue', () => {
  const now = 1_000_000;
  it('is due within 60 s of expiry or after it, never without a token', () => {
    expect(isRefreshDue(now + 61_000, now)).toBe(false);
    expect(isRefreshDue(now + 60_000, now)).toBe(true);
    expect(isRefreshDue(now - 5_000, now)).toBe(true);
    expect(isRefreshDue(null, now)).toBe(false);
  });
});
