import type { ErrorCode, HttpErrorBody } from '@coffer/contracts';
import { API_BASE_URL } from '../api/api-base-url';

/** One request as the gateway received it. */
export interface SentRequest {
  method: string;
  /** The path under /api, e.g. `/shares` (without the query). */
  path: string;
  query: Record<string, string>;
  /** The JSON body, parsed; undefined when there was none. */
  body: unknown;
  headers: Headers;
}

/** What the stand-in answers: a status and a JSON body (none for 204). */
export interface Answer {
  status: number;
  body?: unknown;
}

export type Handler = (request: SentRequest) => Answer | Promise<Answer>;

/** A 2xx answer with this JSON body. */
export const ok = (body: unknown, status = 200): Answer => ({ status, body });

/** A refusal in the gateway's error shape (`{ statusCode, code, message, correlationId }`, codes from @coffer/contracts). */
export const refusal = (status: number, code: ErrorCode, message: string): Answer => ({
  status,
  body: { statusCode: status, code, message, correlationId: `test-${status}` } satisfies HttpErrorBody,
});

/** An answer the test gives when it chooses: the request stays in flight (the UI busy) until then. */
export interface HeldAnswer {
  handler: Handler;
  /** Resolves with the request once it has arrived. */
  arrived: Promise<SentRequest>;
  /** Sends the answer. */
  release: (answer: Answer) => void;
}

export function heldAnswer(): HeldAnswer {
  let arrive!: (request: SentRequest) => void;
  let release!: (answer: Answer) => void;
  const arrived = new Promise<SentRequest>((resolve) => (arrive = resolve));
  const answer = new Promise<Answer>((resolve) => (release = resolve));
  return {
    handler: (request) => {
      arrive(request);
      return answer;
    },
    arrived,
    release,
  };
}

function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The signed-in user the stand-in's sessions are of. */
export const TEST_USER = {
  id: '0b7f1c3e-5d2a-4c61-9e8b-2f4a6d8c0e11',
  email: 'owner@example.com',
  fullName: 'Olive Owner',
  emailVerified: true,
  createdAt: '2026-01-05T09:00:00.000Z',
};

/** A session as the gateway issues it (its token readable, not verified, as the browser reads it). */
export function issuedSession(aal: 'aal1' | 'aal2' = 'aal1') {
  const accessToken = [base64Url({ alg: 'EdDSA', typ: 'JWT' }), base64Url({ sub: TEST_USER.id, aal, exp: 4_102_444_800 }), 'test-signature'].join('.');
  return { accessToken, expiresIn: 900, user: TEST_USER };
}

type Route = { method: string; path: string | RegExp; answers: Array<Answer | Handler> };

/**
 * The network edge of a component test: a `fetch` that answers like the gateway
 * under /api, from the routes a test gives, and keeps every request it got.
 * A route's answers are used in turn, the last one again and again. Anything
 * not routed gets the gateway's 404. POST /auth/refresh answers with a session,
 * so the page restores one as it does with its cookie.
 */
export class GatewayStandIn {
  readonly received: SentRequest[] = [];
  private readonly routes: Route[] = [];
  private readonly calls = new Map<Route, number>();

  constructor() {
    this.route('POST', '/auth/refresh', ok(issuedSession()));
  }

  /** Answers `method path` (a later route of the same request wins) with these answers in turn. */
  route(method: string, path: string | RegExp, ...answers: Array<Answer | Handler>): this {
    this.routes.unshift({ method, path, answers });
    return this;
  }

  /** The requests received for `method path`, oldest first. */
  sent(method: string, path: string | RegExp): SentRequest[] {
    return this.received.filter((r) => r.method === method && matches(path, r.path));
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const sent: SentRequest = {
      method: request.method,
      path: url.pathname.startsWith(`${API_BASE_URL}/`) ? url.pathname.slice(API_BASE_URL.length) : url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: text === '' ? undefined : JSON.parse(text),
      headers: request.headers,
    };
    this.received.push(sent);
    const route = this.routes.find((r) => r.method === sent.method && matches(r.path, sent.path));
    if (!route || route.answers.length === 0) return toResponse(refusal(404, 'NOT_FOUND', `Cannot ${sent.method} ${sent.path}`));
    const call = this.calls.get(route) ?? 0;
    this.calls.set(route, call + 1);
    const next = route.answers[Math.min(call, route.answers.length - 1)];
    return toResponse(typeof next === 'function' ? await next(sent) : next);
  };
}

const matches = (path: string | RegExp, actual: string) => (typeof path === 'string' ? path === actual : path.test(actual));

function toResponse({ status, body }: Answer): Response {
  if (body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
