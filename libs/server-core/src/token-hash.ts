import { createHash } from 'node:crypto';

/**
 * What is kept of a secret token (a refresh token, an emailed link's token, an invitation's,
 * a share ticket, a recovery code): its SHA-256 in base64url. The tokens are random and long,
 * so a plain hash is enough, and a table never holds a working token.
 */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('base64url');
