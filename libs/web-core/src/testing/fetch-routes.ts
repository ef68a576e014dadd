/**
 * A stand-in for the gateway in unit tests of the data layer (never
 * loaded by a page): fetch answered by a route function, every call recorded. Importing it also
 * gives relative URLs an origin and leaves the tabs' channel out, as the tests need.
 */
import { jest } from '@jest/globals';

// The tabs' channel is not under test here (and would keep jest's process alive).
Object.defineProperty(globalThis, 'BroadcastChannel', { value: undefined, configurable: true });
// fetchBaseQuery builds a Request from '/api/...': give relative URLs an origin, as a page would.
const NodeRequest = globalThis.Request;
globalThis.Request = class extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://coffer.test') : input, init);
  }
} as typeof Request;

/** The signed-in user of the stand-in's sessions. */
export const user = { id: 'u1', email: 'ada@example.com', fullName: 'Ada Lovelace', emailVerified: true, createdAt: '2025-01-01T00:00:00Z' };
/** A JSON answer (null: no body). */
export const json = (status: number, body: unknown) =>
  new Response(body === null ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** The gateway's answer to an ended session. */
export const unauthorized = () => json(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Your session has ended', correlationId: 'c' });

export type Route = (request: { url: string; method: string; authorization: string | null }) => Response | Promise<Response>;
/** Every call made since the test began (empty it in beforeEach). */
export const calls: Array<{ url: string; authorization: string | null }> = [];
/** Answers every fetch with `route`. */
export function serve(route: Route) {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://coffer.test'), init);
    const seen = { url: new URL(request.url).pathname, method: request.method, authorization: request.headers.get('authorization') };
    calls.push(seen);
    return route(seen);
  }) as typeof fetch;
}
