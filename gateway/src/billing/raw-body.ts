import type { IncomingMessage } from 'node:http';

/** Where the JSON parser keeps the bytes of a webhook as they came: its signature covers them, not their parsed form. */
export const RAW_BODY_PATHS = ['/api/billing/stripe-webhook'];

type WithRawBody = IncomingMessage & { rawBody?: Buffer };

/** For express.json's `verify`: keeps the raw bytes of the routes that need them. */
export function keepRawBody(req: IncomingMessage, _res: unknown, buf: Buffer) {
  if (RAW_BODY_PATHS.some((path) => req.url?.split('?')[0] === path)) (req as WithRawBody).rawBody = buf;
}

export const rawBodyOf = (req: IncomingMessage) => (req as WithRawBody).rawBody?.toString('utf8') ?? '';
