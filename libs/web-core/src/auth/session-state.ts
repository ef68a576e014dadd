import type { AssuranceLevel, SessionUser } from './auth-types';

/**
 * unknown: the page just loaded and the refresh cookie has not been tried yet;
 * mfa-required: the password was right and the second factor is still to come.
 */
export type SessionStatus = 'unknown' | 'signed-in' | 'signed-out' | 'mfa-required';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** Assurance level of the session, when known (from the token or GET /auth/session). */
  currentLevel: AssuranceLevel | null;
  nextLevel: AssuranceLevel | null;
  /** The TOTP factor the two-factor step verifies; only while mfa-required. */
  factorId: string | null;
}

export const initialSessionState: SessionState = {
  status: 'unknown',
  user: null,
  currentLevel: null,
  nextLevel: null,
  factorId: null,
};

const signedOutState: SessionState = { ...initialSessionState, status: 'signed-out' };

// The session's transitions: pure functions from one state to the next (the session store applies them).

/** A full session began or was refreshed. */
export function sessionStarted(state: SessionState, { user, currentLevel }: { user: SessionUser; currentLevel?: AssuranceLevel | null }): SessionState {
  const sameUser = state.status === 'signed-in' && state.user?.id === user.id;
  return {
    status: 'signed-in',
    user,
    currentLevel: currentLevel ?? (sameUser ? state.currentLevel : null),
    nextLevel: sameUser ? state.nextLevel : null,
    factorId: null,
  };
}

/** The password was right; the user must now verify this TOTP factor. */
export function secondFactorRequired(_state: SessionState, { factorId }: { factorId: string }): SessionState {
  return { status: 'mfa-required', user: null, currentLevel: 'aal1', nextLevel: 'aal2', factorId };
}

/** Signed out here, in another tab, or the session ended on the server. "Back to Sign In" too. */
export function sessionEnded(_state?: SessionState): SessionState {
  return signedOutState;
}

/** What GET /auth/session says about the signed-in session (the same state when it is about someone else). */
export function sessionInfoLoaded(
  state: SessionState,
  { user, currentLevel, nextLevel }: { user: SessionUser; currentLevel: AssuranceLevel; nextLevel: AssuranceLevel },
): SessionState {
  if (state.status !== 'signed-in' || state.user?.id !== user.id) return state;
  return { ...state, user, currentLevel, nextLevel };
}

/** true when signed in, false when not (or only half-way through two-factor), undefined while unknown. */
export function isSignedIn(status: SessionStatus): boolean | undefined {
  if (status === 'unknown') return undefined;
  return status === 'signed-in';
}
