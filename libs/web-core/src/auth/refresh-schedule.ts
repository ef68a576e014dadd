/** How long before the access token expires the session is refreshed. */
export const REFRESH_LEAD_SECONDS = 60;
/** Never refresh sooner than this after the last refresh, whatever the token's lifetime. */
export const MIN_REFRESH_DELAY_MS = 5_000;
/** setTimeout's largest delay (about 24.8 days); longer ones fire at once. */
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;

/**
 * Milliseconds from now until the session should be refreshed: REFRESH_LEAD_SECONDS
 * before a token valid `expiresInSeconds` expires; a token too short-lived for
 * that lead is refreshed half-way through its life instead.
 */
export function refreshDelayMs(expiresInSeconds: number): number {
  if (!Number.isFinite(expiresInSeconds) || expiresInSeconds <= 0) return MIN_REFRESH_DELAY_MS;
  const lifetimeMs = expiresInSeconds * 1000;
  const leadMs = REFRESH_LEAD_SECONDS * 1000;
  const delay = lifetimeMs > 2 * leadMs ? lifetimeMs - leadMs : lifetimeMs / 2;
  return Math.min(Math.max(Math.round(delay), MIN_REFRESH_DELAY_MS), MAX_TIMER_DELAY_MS);
}

/**
 * After a refresh that failed for a reason other than an ended session (network,
 * gateway restarting): 5 s, 10 s, 20 s, then every 30 s.
 */
export function refreshRetryDelayMs(failedAttempts: number): number {
  const attempt = Math.max(1, Math.floor(failedAttempts));
  return Math.min(MIN_REFRESH_DELAY_MS * 2 ** (attempt - 1), 30_000);
}

/** True when a token expiring at `expiresAt` is due for refresh at `now` (e.g. after the laptop slept). */
export function isRefreshDue(expiresAt: number | null, now = Date.now()): boolean {
  return expiresAt !== null && expiresAt - now <= REFRESH_LEAD_SECONDS * 1000;
}
