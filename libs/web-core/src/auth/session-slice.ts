import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
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

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    /** A full session began or was refreshed. */
    sessionStarted(state, { payload }: PayloadAction<{ user: SessionUser; currentLevel?: AssuranceLevel | null }>) {
      const sameUser = state.status === 'signed-in' && state.user?.id === payload.user.id;
      return {
        status: 'signed-in',
        user: payload.user,
        currentLevel: payload.currentLevel ?? (sameUser ? state.currentLevel : null),
        nextLevel: sameUser ? state.nextLevel : null,
        factorId: null,
      };
    },
    /** The password was right; the user must now verify this TOTP factor. */
    secondFactorRequired(_state, { payload }: PayloadAction<{ factorId: string }>) {
      return { status: 'mfa-required', user: null, currentLevel: 'aal1', nextLevel: 'aal2', factorId: payload.factorId };
    },
    /** Signed out here, in another tab, or the session ended on the server. "Back to Sign In" too. */
    sessionEnded() {
      return signedOutState;
    },
    /** What GET /auth/session says about the signed-in session. */
    sessionInfoLoaded(state, { payload }: PayloadAction<{ user: SessionUser; currentLevel: AssuranceLevel; nextLevel: AssuranceLevel }>) {
      if (state.status !== 'signed-in' || state.user?.id !== payload.user.id) return;
      state.user = payload.user;
      state.currentLevel = payload.currentLevel;
      state.nextLevel = payload.nextLevel;
    },
  },
  selectors: {
    selectSession: (state) => state,
    selectSessionStatus: (state) => state.status,
    selectSessionUser: (state) => state.user,
  },
});

export const { sessionStarted, secondFactorRequired, sessionEnded, sessionInfoLoaded } = sessionSlice.actions;
export const { selectSession, selectSessionStatus, selectSessionUser } = sessionSlice.selectors;

/** true when signed in, false when not (or only half-way through two-factor), undefined while unknown. */
export function isSignedIn(status: SessionStatus): boolean | undefined {
  if (status === 'unknown') return undefined;
  return status === 'signed-in';
}
