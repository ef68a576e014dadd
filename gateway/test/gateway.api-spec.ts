import { randomUUID } from 'node:crypto';
import type { HealthReport, HttpErrorBody, ListCapturedMailReply, ListFilesReply } from '@coffer/contracts';
import { call, devKeyHeaders, eventually, mailTo, signUp } from './support.js';

const gateway = () => process.env.COFFER_TEST_GATEWAY_URL as string;
const app = () => process.env.COFFER_TEST_APP_URL as string;

describe('gateway', () => {
  it('reports every service up, each asked over NATS', async () => {
    const res = await fetch(`${gateway()}/api/health`);
    expect(res.status).toBe(200);
    const report = (await res.json()) as HealthReport;
    expect(report.status).toBe('ok');
    expect(Object.keys(report.services).sort()).toEqual(['auth', 'billing', 'files', 'notification', 'sharing']);
    for (const health of Object.values(report.services)) expect(health).toMatchObject({ status: 'up', database: 'up' });
  });

  it("lists a new user's root folders, read through NATS from the files database", async () => {
    const user = await signUp();
    const root = await eventually(async () => {
      const { body } = await call<ListFilesReply>('/api/files?folder=root', { token: user.accessToken });
      return body.items?.length === 4 && body;
    });
    expect(root.items.map((i) => i.name)).toEqual(['Documents', 'Images', 'Projects', 'Invoices']);
    expect(root.items.every((i) => i.isFolder)).toBe(true);
  });

  it('keeps every answer out of browser and proxy caches, never lets it be sniffed, framed elsewhere or leak a referrer, and makes it inert as a page; only the public keys may be cached', async () => {
    const user = await signUp();
    const files = await fetch(`${gateway()}/api/files?folder=root`, { headers: { authorization: `Bearer ${user.accessToken}` } });
    expect(files.headers.get('cache-control')).toBe('no-store');
    expect(files.headers.get('x-content-type-options')).toBe('nosniff');
    expect(files.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    // The rest of the usual security headers: no referrer leaks, no framing elsewhere, HTTPS only once seen over TLS.
    expect([files.headers.get('referrer-policy'), files.headers.get('x-frame-options'), files.headers.get('strict-transport-security')]).toEqual([
      'no-referrer',
      'SAMEORIGIN',
      'max-age=31536000; includeSubDomains',
    ]);
    const refused = await fetch(`${gateway()}/api/files?folder=root`);
    expect([refused.status, refused.headers.get('cache-control'), refused.headers.get('x-content-type-options')]).toEqual([401, 'no-store', 'nosniff']);
    const keys = await fetch(`${gateway()}/.well-known/jwks.json`);
    expect(keys.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('refuses a request without a session', async () => {
    const { status, body } = await call<HttpErrorBody>('/api/files?folder=root');
    expect(status).toBe(401);
    expect(body).toMatchObject({ statusCode: 401, code: 'UNAUTHENTICATED', message: 'You must be signed in' });
  });

  it('refuses bad input with the one error shape and the correlation id it was given', async () => {
    const correlationId = randomUUID();
    const { accessToken } = await signUp();
    const res = await fetch(`${gateway()}/api/files?folder=..%2Fsecrets`, {
      headers: { 'x-correlation-id': correlationId, authorization: `Bearer ${accessToken}` },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-correlation-id')).toBe(correlationId);
    expect((await res.json()) as HttpErrorBody).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'folder must be "root" or a folder id',
      correlationId,
    });
  });

  it('refuses unknown query parameters and sort orders', async () => {
    const { accessToken } = await signUp();
    const auth = { headers: { authorization: `Bearer ${accessToken}` } };
    const unknown = await fetch(`${gateway()}/api/files?folder=root&owner=someone-else`, auth);
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as HttpErrorBody).message).toBe('Unknown parameter "owner"');
    const sort = await fetch(`${gateway()}/api/files?sort=biggest`, auth);
    expect(((await sort.json()) as HttpErrorBody).message).toBe('sort must be one of newest, oldest, name-asc, name-desc, size-asc, size-desc');
  });

  it("opens the captured mail and the test clock only to whoever holds the run's key, one address at a time", async () => {
    const user = await signUp();
    await mailTo(user.email, 'Welcome to Coffer');
    // Without the key, or with a wrong one, they are routes that do not exist: no one reads another person's reset link.
    for (const headers of [{}, { 'x-coffer-dev-key': 'x'.repeat(32) }] as Record<string, string>[]) {
      expect((await call('/dev/mail', { headers })).status).toBe(404);
      expect((await call(`/dev/mail?to=${encodeURIComponent(user.email)}`, { headers })).status).toBe(404);
      expect((await call('/dev/clock', { body: { days: 1 }, token: user.accessToken, headers })).status).toBe(404);
    }
    const theirs = await call<ListCapturedMailReply>(`/dev/mail?to=${encodeURIComponent(user.email)}`, { headers: devKeyHeaders() });
    expect(theirs.status).toBe(200);
    expect(theirs.body.items.length).toBeGreaterThan(0);
    expect(theirs.body.items.every((m) => m.to === user.email)).toBe(true);
    // A browser passes the key in the address.
    expect((await call(`/dev/mail?to=${encodeURIComponent(user.email)}&key=${process.env.COFFER_TEST_DEV_KEY}`)).status).toBe(200);
    // However much was sent, the answer stays a bounded page.
    expect((await call<ListCapturedMailReply>('/dev/mail', { headers: devKeyHeaders() })).body.items.length).toBeLessThanOrEqual(100);
  });

  it('answers an unknown route with 404 in the same shape', async () => {
    const res = await fetch(`${gateway()}/api/health/no-such-thing`);
    expect(res.status).toBe(404);
    const body = (await res.json()) as HttpErrorBody;
    expect(body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    expect(body.correlationId).toEqual(expect.any(String));
  });
});

describe('one origin for the browser', () => {
  it('proxies /api from the shell origin to the gateway', async () => {
    const res = await fetch(`${app()}/api/health`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as HealthReport).status).toBe('ok');
  });

  it('tells the shell where each remote is at run time', async () => {
    const res = await fetch(`${app()}/remotes.json`);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const remotes = (await res.json()) as Record<string, string>;
    expect(Object.keys(remotes).sort()).toEqual(['coffer_account', 'coffer_files', 'coffer_marketing']);
    for (const url of Object.values(remotes)) {
      const manifest = await fetch(url);
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('serves the shell for any page path, so deep links work, under a Content-Security-Policy', async () => {
    const res = await fetch(`${app()}/dashboard/files`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const csp = Object.fromEntries((res.headers.get('content-security-policy') ?? '').split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    const remotes = Object.values((await (await fetch(`${app()}/remotes.json`)).json()) as Record<string, string>).map((u) => new URL(u).origin);
    expect(csp['script-src'].sort()).toEqual(["'self'", ...remotes].sort());
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['connect-src']).toEqual(expect.arrayContaining(["'self'", ...remotes]));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
