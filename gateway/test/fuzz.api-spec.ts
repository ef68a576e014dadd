import fc from 'fast-check';
import type { HttpErrorBody } from '@coffer/contracts';
import { gatewayUrl, signUp, type TestUser } from './support.js';

type Parameter = { name: string; in: 'path' | 'query' };
type Operation = { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> } };
type Document = { paths: Record<string, Record<string, Operation>> };

/** Routes the fuzzer leaves alone: the event stream never ends, and signing out would end the fuzzing user's session. */
const SKIPPED = new Set(['get /api/events', 'post /api/auth/sign-out']);
const RUNS_PER_ROUTE = 25;

const deep = (depth: number): unknown => (depth === 0 ? 'bottom' : { a: [deep(depth - 1)] });
/** Strings an attacker or a broken client sends: NUL, lone surrogates, traversal, injection, huge, look-alike ids. */
const hostileString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.uuid(),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'report\u0000.pdf',
    '\ud800',
    'a\udfffb',
    '../../etc/passwd',
    '..%2F..%2Fetc',
    '%00',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    'root',
    '00000000-0000-0000-0000-000000000000',
    'x'.repeat(20_000),
    'invoice\u202Efdp.exe',
    '{"$ne":null}',
    '__proto__',
    'NaN',
    '-1',
    '1e309',
    '203.0.113.7/33',
  ),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(true, false, null, Number.MAX_SAFE_INTEGER + 2, -0, [], {}),
  fc.array(hostileString, { maxLength: 60 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 5 }),
  // Deep, but not so deep that the test's own JSON.stringify overflows; 5,000 levels are sent as raw text below.
  fc.constant(deep(500)),
);

/** A body shaped like the route's (its documented fields, each hostile or missing), or anything at all. */
const bodyFor = (fields: string[]) =>
  fc.oneof(fc.record(Object.fromEntries(fields.map((f) => [f, hostileValue])), { requiredKeys: [] }), fc.anything(), hostileValue);

/** Percent-encodes a path segment; a lone surrogate (no URL can carry one) goes as its invalid UTF-8 bytes, as a hostile client would. */
const LONE_SURROGATE = /([\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff])/;
const encodeSegment = (value: string) =>
  value
    .split(LONE_SURROGATE)
    .map((part, i) => (i % 2 === 1 ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');

function isOneErrorShape(status: number, body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const keys = Object.keys(body).sort().join(',');
  const b = body as HttpErrorBody;
  return keys === 'code,correlationId,message,statusCode' && b.statusCode === status && typeof b.code === 'string' && typeof b.message === 'string';
}

describe('every route, fuzzed with random and hostile bodies, queries and path parameters', () => {
  let user: TestUser;
  let routes: Array<{ method: string; path: string; op: Operation }>;
  const failures: string[] = [];

  beforeAll(async () => {
    user = await signUp();
    const document = (await (await fetch(`${gatewayUrl()}/api/openapi.json`)).json()) as Document;
    routes = Object.entries(document.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method, path, op })));
  });

  /** One request straight to the gateway from a random client address (so per-IP limits never reach other tests). */
  async function send(method: string, path: string, init: { query?: URLSearchParams; body?: string; contentType?: string }, n: number) {
    const headers: Record<string, string> = { authorization: `Bearer ${user.accessToken}`, 'x-forwarded-for': `198.18.${n % 250}.${(n >> 8) % 250}` };
    if (init.body !== undefined) headers['content-type'] = init.contentType ?? 'application/json';
    const url = `${gatewayUrl()}${path}${init.query?.size ? `?${init.query}` : ''}`;
    const res = await fetch(url, { method: method.toUpperCase(), headers, body: init.body });
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const contentType = res.headers.get('content-type') ?? '';
    if (res.status >= 500 || (res.status >= 400 && !isOneErrorShape(res.status, body)) || (res.status >= 400 && !contentType.startsWith('application/json'))) {
      failures.push(`${method.toUpperCase()} ${url.slice(0, 200)} ${init.body?.slice(0, 120) ?? ''} -> ${res.status} ${text.slice(0, 200)}`);
    }
    return res.status;
  }

  it('answers every one of them below 500, and every refusal with the one error shape', async () => {
    let n = 0;
    for (const { method, path, op } of routes) {
      if (SKIPPED.has(`${method} ${path}`)) continue;
      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const fields = Object.keys(op.requestBody?.content['application/json']?.schema.properties ?? {});
      const request = fc.record({
        params: fc.record(Object.fromEntries(pathParams.map((p) => [p, hostileString.filter((s) => s.length > 0)]))),
        query: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...queryParams, 'unexpected'), hostileString), hostileString), { maxLength: 6 }),
        body: bodyFor(fields),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ params, query, body }) => {
          const concrete = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeSegment(params[name] as string));
          const status = await send(method, concrete, { query: new URLSearchParams(query), body: method === 'get' ? undefined : JSON.stringify(body) }, n++);
          return status > 0;
        }),
        { numRuns: RUNS_PER_ROUTE, seed: 20261123 + n },
      );
      if (method !== 'get') {
        // Bodies no JSON client would send: not JSON, JSON that is not an object, too large, nested 5,000 deep.
        const concrete = path.replace(/\{(\w+)\}/g, '00000000-0000-4000-8000-000000000000');
        await send(method, concrete, { body: 'name=x', contentType: 'text/plain' }, n++);
        await send(method, concrete, { body: '{"name": "unterminated' }, n++);
        await send(method, concrete, { body: '"just a string"' }, n++);
        await send(method, concrete, { body: JSON.stringify({ name: 'x'.repeat(200_000) }) }, n++);
        await send(method, concrete, { body: `${'['.repeat(5000)}${']'.repeat(5000)}` }, n++);
        await send(method, concrete, { body: `${'{"a":['.repeat(5000)}1${']}'.repeat(5000)}` }, n++);
      }
    }
    expect(n).toBeGreaterThan(30 * RUNS_PER_ROUTE);
    expect(failures).toEqual([]);
  });

  it('refuses a malformed id (path, query or body) with 400 at the gateway on every route, never a 404 from a service', async () => {
    const asker = await signUp();
    const idLike = (name: string) => /^(id|folder|after)$|Id$/.test(name);
    const answers: string[] = [];
    let asked = 0;
    for (const { method, path, op } of routes) {
      if (SKIPPED.has(`${method} ${path}`) || path.startsWith('/dev/')) continue;
      const parameters = op.parameters ?? [];
      const anyId = path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
      const asks = [
        ...parameters
          .filter((p) => p.in === 'path' && idLike(p.name))
          .map((p) => ({ url: path.replace(/\{(\w+)\}/g, (_, n: string) => (n === p.name ? 'not-an-id' : '00000000-0000-4000-8000-000000000000')), body: {} })),
        ...parameters.filter((p) => p.in === 'query' && idLike(p.name)).map((p) => ({ url: `${anyId}?${p.name}=not-an-id`, body: {} })),
        ...Object.keys(op.requestBody?.content['application/json']?.schema.properties ?? {})
          .filter(idLike)
          .map((field) => ({ url: anyId, body: { [field]: 'not-an-id' } })),
      ];
      for (const ask of asks) {
        asked++;
        const res = await fetch(`${gatewayUrl()}${ask.url}`, {
          method: method.toUpperCase(),
          headers: { authorization: `Bearer ${asker.accessToken}`, 'content-type': 'application/json' },
          body: method === 'get' ? undefined : JSON.stringify(ask.body),
        });
        const body = (await res.json()) as HttpErrorBody;
        if (res.status !== 400 || body.code !== 'VALIDATION_FAILED')
          answers.push(`${method.toUpperCase()} ${ask.url} ${JSON.stringify(ask.body)} -> ${res.status} ${body.message}`);
      }
    }
    expect(asked).toBeGreaterThan(50);
    expect(answers).toEqual([]);
  });
});
