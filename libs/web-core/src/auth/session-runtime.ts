import { API_BASE_URL } from '../api/api-base-url';
import { accessTokenExpiresAt, clearAccessToken, getAccessToken, needsSecondFactor, readTokenClaims, setAccessToken } from './access-token';
import { firstVerifiedTotpFactor, type IssuedSession, type SessionInfo } from './auth-types';
import { isRefreshDue, refreshDelayMs, refreshRetryDelayMs } from './refresh-schedule';
import { broadcastSession, onSessionMessage } from './session-channel';
import { secondFactorRequired, sessionEnded, sessionInfoLoaded, sessionStarted } from './session-state';
import { getSession, updateSession } from './session-store';

/**
 * The session's life in the browser: the access token in memory, one shared
 * refresh through the httpOnly cookie, the timer that refreshes before expiry,
 * and the other tabs kept in step. It is the only writer of the session store.
 */

export type RefreshOutcome = 'refreshed' | 'signed-out' | 'failed';

const REFRESH_URL = `${API_BASE_URL}/auth/refresh`;
const SESSION_URL = `${API_BASE_URL}/auth/session`;
/** Serialises refreshes across the tabs of this browser: refresh tokens rotate, so two at once would reuse one. */
const REFRESH_LOCK = 'coffer-session-refresh';

let refreshing: Promise<RefreshOutcome> | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let failedRefreshes = 0;
/** Bumped whenever the session ends here, so an answer to an older refresh cannot bring it back. */
let generation = 0;

function cancelRefreshTimer() {
  clearTimeout(refreshTimer);
  refreshTimer = undefined;
}

function scheduleRefresh(delayMs: number) {
  cancelRefreshTimer();
  refreshTimer = setTimeout(() => void refreshSession(), delayMs);
}

async function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request(REFRESH_LOCK, work) : work();
}

type RefreshAnswer = { kind: 'session'; session: IssuedSession } | { kind: 'ended' } | { kind: 'failed' };

async function requestRefresh(): Promise<RefreshAnswer> {
  try {
    return await withRefreshLock(async () => {
      const response = await fetch(REFRESH_URL, { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' } });
      // 204: no session cookie at all (a visitor), answered without an error.
      if (response.status === 204) return { kind: 'ended' };
      if (response.ok) return { kind: 'session', session: (await response.json()) as IssuedSession };
      // Read to its end: an unread answer stays open in the browser, and the page never counts as loaded (network idle).
      await response.text().catch(() => '');
      // No cookie, an expired or revoked one: the session is over. Anything else may pass.
      if (response.status >= 400 && response.status < 500 && response.status !== 429) return { kind: 'ended' };
      return { kind: 'failed' };
    });
  } catch {
    return { kind: 'failed' };
  }
}

/** The first verified TOTP factor of a half-signed-in session (aal1 token). */
async function pendingFactorId(accessToken: string): Promise<string | null> {
  try {
    const response = await fetch(SESSION_URL, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
    if (!response.ok) return null;
    return firstVerifiedTotpFactor((await response.json()) as SessionInfo)?.id ?? null;
  } catch {
    return null;
  }
}

/**
 * Takes a session the API issued (sign-up, sign-in, verified code, refresh):
 * keeps its access token, marks the session signed in, and sets the refresh timer.
 * With `announce`, the other tabs hear of it and pick it up.
 */
export async function startSession(session: IssuedSession, options: { announce?: boolean } = {}): Promise<void> {
  setAccessToken(session.accessToken, session.expiresIn);
  failedRefreshes = 0;
  if (needsSecondFactor(session.accessToken)) {
    // A reload in the middle of two-factor sign-in: back to the code step.
    const factorId = await pendingFactorId(session.accessToken);
    if (factorId) {
      cancelRefreshTimer();
      updateSession((state) => secondFactorRequired(state, { factorId }));
    } else {
      endSession();
    }
    return;
  }
  updateSession((state) => sessionStarted(state, { user: session.user, currentLevel: readTokenClaims(session.accessToken)?.aal ?? null }));
  scheduleRefresh(refreshDelayMs(session.expiresIn));
  if (options.announce) broadcastSession({ type: 'signed-in', userId: session.user.id });
}

/** The password was right; keep the aal1 token for the code step only (it is never refreshed). */
export function startSecondFactorStep(accessToken: string, expiresIn: number, factorId: string): void {
  setAccessToken(accessToken, expiresIn);
  cancelRefreshTimer();
  updateSession((state) => secondFactorRequired(state, { factorId }));
}

/** Forgets the session in this tab (the token, the timer) and marks it signed out. */
export function endSession(): void {
  generation += 1;
  clearAccessToken();
  cancelRefreshTimer();
  failedRefreshes = 0;
  updateSession(sessionEnded);
}

/** Ends the session here and tells the other tabs to end theirs (after a sign-out). */
export function endSessionEverywhere(): void {
  endSession();
  broadcastSession({ type: 'signed-out' });
}

async function runRefresh(): Promise<RefreshOutcome> {
  const startedIn = generation;
  const answer = await requestRefresh();
  if (startedIn !== generation) return 'signed-out';
  if (answer.kind === 'session') {
    await startSession(answer.session);
    return 'refreshed';
  }
  if (answer.kind === 'ended') {
    endSession();
    return 'signed-out';
  }
  // The gateway could not answer: keep the session and try again soon.
  if (getAccessToken()) {
    failedRefreshes += 1;
    scheduleRefresh(refreshRetryDelayMs(failedRefreshes));
  }
  return 'failed';
}

/**
 * Refreshes the session with the cookie (POST /api/auth/refresh). Calls made
 * while one is under way share it, so a burst of 401s costs one refresh.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  refreshing ??= runRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Waits for a refresh under way (a request sent before it would only get a 401). */
export async function settledRefresh(): Promise<void> {
  if (refreshing) await refreshing;
}

let syncStarted = false;

/** Keeps this tab in step with the others and refreshes a token that went stale while the tab slept. */
function startSessionSync() {
  if (syncStarted) return;
  syncStarted = true;
  onSessionMessage((message) => {
    const session = getSession();
    if (message.type === 'signed-out') {
      if (session.status !== 'signed-out') endSession();
    } else if (session.status !== 'signed-in' || session.user?.id !== message.userId) {
      void refreshSession();
    }
  });
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState !== 'visible') return;
      if (getSession().status === 'signed-in' && isRefreshDue(accessTokenExpiresAt())) void refreshSession();
    });
  }
}

/** "Back to Sign In" on the two-factor step: drops the aal1 token and the factor. */
export function leaveSecondFactorStep(): void {
  endSession();
}

/** What GET /auth/session said about the signed-in session (levels, a newly verified email). */
export function updateSessionInfo(info: Pick<SessionInfo, 'user' | 'currentLevel' | 'nextLevel'>): void {
  updateSession((state) => sessionInfoLoaded(state, info));
}

/**
 * Run once when the app starts (the shell does): trades the refresh cookie for
 * a session, or settles on signed out, and starts following the other tabs.
 */
export async function restoreSession(): Promise<void> {
  startSessionSync();
  const outcome = await refreshSession();
  if (outcome !== 'refreshed' && getSession().status === 'unknown') updateSession(sessionEnded);
}
