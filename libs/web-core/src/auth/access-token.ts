import type { AssuranceLevel } from './auth-types';

/**
 * The access token lives in this module's memory only: never in localStorage or
 * sessionStorage, where any injected script could read it. A reload loses it;
 * the httpOnly refresh cookie brings a new one (restoreSession).
 * @coffer/web-core is a Module Federation singleton, so the shell and every
 * remote share this one copy.
 */
let current: { token: string; expiresAt: number } | null = null;

/** Keeps a new access token that expires `expiresIn` seconds from `now`. */
export function setAccessToken(token: string, expiresIn: number, now = Date.now()): void {
  current = { token, expiresAt: now + expiresIn * 1000 };
}

export function clearAccessToken(): void {
  current = null;
}

/** The access token, or null when there is none. */
export function getAccessToken(): string | null {
  return current?.token ?? null;
}

/** When the access token expires (ms since the epoch), or null when there is none. */
export function accessTokenExpiresAt(): number | null {
  return current?.expiresAt ?? null;
}

/** The claims of a Coffer access token that the UI reads (the server verifies them; the UI only routes by them). */
export interface AccessTokenClaims {
  sub?: string;
  aal?: AssuranceLevel;
  /** The user has a verified second factor: an aal1 token then only allows verifying it. */
  mfa?: boolean;
  /** The account requires two-factor and the user has none: the token only sets it up. */
  tfs?: boolean;
  exp?: number;
}

/** Reads a JWT's payload without verifying it; null when it is not a readable JWT. */
export function readTokenClaims(token: string): AccessTokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims: unknown = JSON.parse(atob(base64));
    return typeof claims === 'object' && claims !== null ? (claims as AccessTokenClaims) : null;
  } catch {
    return null;
  }
}

/** True for a token that still needs its second factor (aal1 of a user with 2FA). */
export function needsSecondFactor(token: string): boolean {
  const claims = readTokenClaims(token);
  return claims?.aal === 'aal1' && claims.mfa === true;
}

/** Whether the session may only set up two-factor (its account requires it and the user has none): the app shows that setup and nothing else. */
export function isTwoFactorSetupPending(token: string | null = getAccessToken()): boolean {
  return Boolean(token && readTokenClaims(token)?.tfs);
}
