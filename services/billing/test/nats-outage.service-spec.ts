import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createServer, connect as tcpConnect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger, type INestMicroservice } from '@nestjs/common';
import { BillingSubject } from '@coffer/contracts';
import { loadConfig, runService } from '@coffer/server-core';
import { eventually, freshDatabase, newCaller, TestCaller } from '@coffer/server-core/testing';
import { AppModule } from '../src/app.module.js';
import { billingConfigSchema } from '../src/config.js';

Logger.overrideLogger(false);

/** A free TCP port on this machine. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const accepting = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = tcpConnect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

/** A NATS server of this test's own, which it stops and starts again on the same port and store. */
function natsServer(port: number, storeDir: string) {
  let child: ChildProcess | undefined;
  return {
    async start() {
      child = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: 'ignore' });
      await eventually(() => accepting(port));
    },
    async stop() {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child?.kill('SIGTERM');
      await exited;
      await eventually(async () => !(await accepting(port)));
    },
  };
}

// Finding 1 of the outside probe: NATS away for longer than the client library's default
// reconnect budget (10 tries, 2 s apart) left every service deaf until restarted by hand.
describe('a service when NATS goes away for longer than the default reconnect budget', () => {
  let nats: ReturnType<typeof natsServer>;
  let app: INestMicroservice;
  let caller: TestCaller;

  beforeAll(async () => {
    const port = await freePort();
    nats = natsServer(port, await mkdtemp(join(tmpdir(), 'coffer-nats-')));
    await nats.start();
    const config = loadConfig(billingConfigSchema, { ...(await freshDatabase('pglite')), NATS_URL: `nats://127.0.0.1:${port}`, LOG_LEVEL: 'error' });
    app = await runService('billing', config, AppModule.forConfig(config));
    caller = new TestCaller(`nats://127.0.0.1:${port}`);
  }, 60_000);
  afterAll(async () => {
    await caller.close();
    await app.close();
    await nats.stop();
  });

  it('answers again once NATS is back, without a restart', async () => {
    const account = newCaller();
    expect((await caller.request(BillingSubject.GetPlan, {}, account)).status).toBe('none');
    await nats.stop();
    // Longer than 10 reconnect attempts 2 s apart.
    await new Promise((resolve) => setTimeout(resolve, 25_000));
    await nats.start();
    const plan = await eventually(() => caller.request(BillingSubject.GetPlan, {}, account).catch(() => undefined), 10_000);
    expect(plan.status).toBe('none');
  }, 90_000);
});
