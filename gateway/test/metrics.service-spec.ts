import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { HttpMetrics, startManagementServer } from '@coffer/server-core';
import { freePort, testInfra } from '@coffer/server-core/testing';
import { gatewayConfigSchema } from '../src/config.js';
import { createGateway } from '../src/gateway-app.js';

Logger.overrideLogger(false);

describe("the gateway's request metrics", () => {
  let gateway: NestExpressApplication;
  let management: Server;
  let api: string;
  let metricsUrl: string;

  beforeAll(async () => {
    const metrics = new HttpMetrics();
    gateway = await createGateway(gatewayConfigSchema.parse({ NATS_URL: testInfra().natsUrl, NODE_ENV: 'development' }), undefined, metrics);
    await gateway.listen(0, '127.0.0.1');
    api = `http://127.0.0.1:${((gateway.getHttpServer() as Server).address() as AddressInfo).port}`;
    const port = await freePort();
    management = await startManagementServer({ port, host: '127.0.0.1', metrics, readiness: [], started: () => true });
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
  });
  afterAll(async () => {
    await gateway?.close();
    management?.close();
  });

  /** The value of each series of `metric` whose labels include all of `labels`. */
  const series = async (metric: string, ...labels: string[]) =>
    (await (await fetch(metricsUrl)).text())
      .split('\n')
      .filter((line) => line.startsWith(`${metric}{`) && labels.every((label) => line.includes(label)))
      .map((line) => Number(line.split(' ').at(-1)));

  it('counts every answered request by method, route pattern (never the path) and status, with its time, in Prometheus text', async () => {
    const file = '3f2b8a9e-1111-4222-8333-444455556666';
    // Without the auth service the gateway refuses it (503, or 401 once it could check tokens): whichever, three times.
    const statuses = new Set<number>();
    for (let i = 0; i < 3; i++) statuses.add((await fetch(`${api}/api/files/${file}/link`)).status);
    expect(statuses.size).toBe(1);
    const [status] = [...statuses];
    expect((await fetch(`${api}/api/nowhere`)).status).toBe(404);

    expect(await series('coffer_http_request_seconds_count', 'method="GET"', 'route="/api/files/:id/link"', `status="${status}"`, 'service="gateway"')).toEqual(
      [3],
    );
    // An unknown path is counted under the catch-all route, not its own.
    expect(await series('coffer_http_request_seconds_count', 'route="*path"', 'status="404"')).toEqual([1]);
    // The path itself, which may carry a token or a share ticket, is never a label.
    expect((await (await fetch(metricsUrl)).text()).includes(file)).toBe(false);
    expect(await series('coffer_http_request_seconds_bucket', 'route="/api/files/:id/link"', 'le="+Inf"')).toEqual([3]);
  });

  it('says whether the gateway is ready', async () => {
    expect(await fetch(metricsUrl).then((r) => r.text())).toMatch(/^coffer_ready\{service="gateway"\} 1$/m);
  });
});
