/** The query parameter of /login that names where to go back to once signed in. */
export const RETURN_TO_PARAM = 'next';

/** /login, coming back to `path` (with its query: a share email's link, say) after signing in. */
export const loginReturningTo = (path: string) => `/login?${RETURN_TO_PARAM}=${encodeURIComponent(path)}`;
