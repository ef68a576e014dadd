import { useAppSelector } from '../store/hooks';
import { isSignedIn, selectSession, selectSessionStatus, type SessionState } from './session-slice';

/** The session as the store knows it: status, user, assurance levels, the pending factor. */
export function useSession(): SessionState {
  return useAppSelector(selectSession);
}

/** true when signed in, false when signed out (or still on the two-factor step), undefined while the page finds out. */
export function useIsSignedIn(): boolean | undefined {
  return isSignedIn(useAppSelector(selectSessionStatus));
}
