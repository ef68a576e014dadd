/** The query parameter of /login that names where to go back to once signed in. */
export const RETURN_TO_PARAM = 'next';

/**
 * Where /login sends a signed-in user: the page that sent them to sign in, if
 * it is a path of this site (never another origin), else the dashboard.
 */
export function returnTo(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/dashboard';
  return next;
}

/** /login, coming back to `path` after signing in. */
export const loginReturningTo = (path: string) => `/login?${RETURN_TO_PARAM}=${encodeURIComponent(path)}`;
