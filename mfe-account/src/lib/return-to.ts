export { loginReturningTo, RETURN_TO_PARAM } from '@coffer/web-core';

/**
 * Where /login sends a signed-in user: the page that sent them to sign in, if
 * it is a path of this site (never another origin), else the dashboard.
 */
export function returnTo(next: string | null): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/dashboard';
  return next;
}
