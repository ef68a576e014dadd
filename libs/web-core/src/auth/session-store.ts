import { initialSessionState, type SessionState } from './session-state';

/**
 * The session as this tab knows it, in a store of its own rather than in Redux:
 * the public pages (the header, the landing page's "My Dashboard") follow it
 * without downloading the data layer, and the Redux store, once a screen needs
 * it, reads it from here. Only the session runtime changes it.
 * @coffer/web-core is a Module Federation singleton, so the shell and every
 * remote share this one copy.
 */
let current: SessionState = initialSessionState;
const listeners = new Set<() => void>();

/** The session now (the same object until it changes, as useSyncExternalStore wants). */
export function getSession(): SessionState {
  return current;
}

/** Calls `listener` after each change of the session; returns the unsubscribe function. */
export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Moves the session to the state `transition` makes of it; listeners hear only of real changes. */
export function updateSession(transition: (state: SessionState) => SessionState): void {
  const next = transition(current);
  if (next === current) return;
  current = next;
  for (const listener of [...listeners]) listener();
}
