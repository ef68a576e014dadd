import { useSyncExternalStore } from 'react';
import { isSignedIn, type SessionState } from './session-state';
import { getSession, subscribeToSession } from './session-store';

/** The session: status, user, assurance levels, the pending factor. Re-renders when it changes. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeToSession, getSession, getSession);
}

/** true when signed in, false when signed out (or still on the two-factor step), undefined while the page finds out. */
export function useIsSignedIn(): boolean | undefined {
  return isSignedIn(useSession().status);
}
