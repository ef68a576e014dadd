/**
 * Whether the visitor has a session: true, false, or undefined while unknown.
 * Stand-in until @coffer/web-core exports `useIsSignedIn`; every visitor counts
 * as signed out. (The landing page imports this one name; point that import at
 * '@coffer/web-core' and delete this file.)
 */
export function useIsSignedIn(): boolean | undefined {
  return false;
}
