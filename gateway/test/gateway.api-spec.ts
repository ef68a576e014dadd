import { randomUUID } from 'node:crypto';
import type { HealthReport, HttpErrorBody, ListFilesReply } from '@coffer/contracts';

const gateway = () => process.env.COFFER_TEST_GATEWAY_URL as string;
const app = () => process.env.COFFER_TEST_APP_URL as string;

async function eventuallyJson<T>(url: string, accept: (body: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let body: T | undefined;
  while (Date.now() < deadline) {
    body = (await (await fetch(url)).json()) as T;
    if (accept(body)) return body;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} never answered as expected; last: ${JSON.stringify(body)}`);
}

describe('gateway', () => {
  it('reports every service up, each asked over NATS', async () => {
    const res = await fetch(`${gateway()}/api/health`);
    expect(res.status).toBe(200);
    const report = (await res.json()) as HealthReport;
    expect(report.status).toBe('ok');
    expect(Object.keys(report.services).sort()).toEqual(['auth', 'billing', 'files', 'notification', 'sharing']);
    for (const health of Object.values(report.services)) expect(health).toMatchObject({ status: 'up', database: 'up' });
  });

  it('lists the root folders, read through NATS from the files database', async () => {
    const root = await eventuallyJson<ListFilesReply>(`${gateway()}/api/files?folder=root`, (b) => b.items?.length === 4);
    expect(root.items.map((i) => i.name)).toEqual(['Documents', 'Images', 'Projects', 'Invoices']);
    expect(root.items.every((i) => i.isFolder)).toBe(true);
  });

  it('refuses bad input with the one error shape and the correlation id it was given', async () => {
    const correlationId = randomUUID();
    const res = await fetch(`${gateway()}/api/files?folder=..%2Fsecrets`, { headers: { 'x-correlation-id': correlationId } });
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
    const unknown = await fetch(`${gateway()}/api/files?folder=root&owner=someone-else`);
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as HttpErrorBody).message).toBe('property owner should not exist');
    const sort = await fetch(`${gateway()}/api/files?sort=biggest`);
    expect(((await sort.json()) as HttpErrorBody).message).toBe('sort must be one of newest, oldest, name-asc, name-desc, size-asc, size-desc');
  });

  it('answers an unknown route with 404 in the same shape', async () => {
    const res = await fetch(`${gateway()}/api/no-such-thing`);
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

  it('serves the shell for any page path, so deep links work', async () => {
    const res = await fetch(`${app()}/dashboard/files`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
  });
});
