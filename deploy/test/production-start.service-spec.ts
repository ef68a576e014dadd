// Every Node app started as its image starts it: from the files the image
// holds (deploy/docker/runtime-files.sh, as node.Dockerfile copies them), with
// NODE_ENV=production and the settings of the production overlay's manifests,
// against real NATS, PostgreSQL, S3 and SMTP, until the gateway reports every
// service up. Only what the cluster provides is swapped in: the addresses of
// NATS (one server here, with TLS and a user per app as deploy/k8s/nats sets
// it up), the databases, S3 and SMTP, and real keys for the Secrets.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { SERVICE_NAMES, type HealthReport } from '@coffer/contracts';
import { eventually, freePort, freshDatabase, testInfra } from '@coffer/server-core/testing';
import { exampleNats } from './nats-example';
import { containersOf, environmentOf, kustomize, readYaml } from './rendered';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PRODUCTION = path.join(ROOT, 'deploy/k8s/overlays/production');

/** Each app's directory and its Deployment. */
const APPS = [
  ['services/auth', 'auth-service'],
  ['services/files', 'files-service'],
  ['services/sharing', 'sharing-service'],
  ['services/billing', 'billing-service'],
  ['services/notification', 'notification-service'],
  ['gateway', 'gateway'],
] as const;

describe('the production images', () => {
  const children: ChildProcess[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    await Promise.all(
      children.map((child) =>
        child.exitCode !== null
          ? undefined
          : new Promise((resolve) => {
              child.once('exit', resolve);
              child.kill('SIGTERM');
            }),
      ),
    );
    for (const cleanup of cleanups) await cleanup();
  });

  it("start with NODE_ENV=production and their manifests' settings, report every service up, answer their probes, and are ready again within 10 s of NATS coming back after 60 s away", async () => {
    const layout = fs.mkdtempSync(path.join(tmpdir(), 'coffer-image-'));
    cleanups.push(async () => fs.rmSync(layout, { recursive: true, force: true }));
    for (const [app] of APPS) execFileSync('sh', ['deploy/docker/runtime-files.sh', app, layout], { cwd: ROOT });
    // The image's node_modules (production dependencies) are the checkout's here.
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(layout, 'node_modules'));

    const resources = [...kustomize(PRODUCTION), ...readYaml(path.join(PRODUCTION, 'secrets.example.yaml'))];
    // Its own NATS: these services must not answer the other tests' requests. Each app signs in with its own certificate.
    const { nats, settingsOf } = await exampleNats();
    cleanups.push(nats.stop);
    const mails: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        mails.push(session.envelope.rcptTo.map((r) => r.address).join(','));
        stream.resume().on('end', done);
      },
    });
    const smtpPort = await freePort();
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
    cleanups.push(() => new Promise((resolve) => smtp.close(resolve)));
    const gatewayPort = await freePort();
    const jwtKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

    const output = new Map<string, string>();
    /** Each service's management port (each pod has its own network; here they share one machine). */
    const managementPorts = new Map<string, number>();
    for (const [app, deployment] of APPS) {
      const container = containersOf(resources.find((r) => r.kind === 'Deployment' && r.metadata.name === deployment)!)[0];
      const { env } = environmentOf(container, resources);
      expect(env.NODE_ENV).toBe('production');
      const cluster: Record<string, string> = {
        // The manifests' tls:// URL and certificate files, at this machine's address and paths.
        ...(settingsOf(deployment) as Record<string, string>),
        // This NATS is one server, not the cluster of 3 the manifests keep a copy of the events on each of.
        EVENTS_STREAM_REPLICAS: '1',
        S3_ENDPOINT: testInfra().s3Endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        ...(env.DATABASE_URL && { DATABASE_URL: (await freshDatabase('postgres')).DATABASE_URL! }),
        ...(env.JWT_PRIVATE_KEY && { JWT_PRIVATE_KEY: jwtKey }),
        ...(env.TOTP_ENCRYPTION_KEY && { TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64') }),
        ...(env.SMTP_URL && { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }),
        ...(app === 'gateway' && { GATEWAY_HOST: '127.0.0.1', GATEWAY_PORT: String(gatewayPort) }),
      };
      // The gateway's metrics port too: never the manifests' fixed 9090 on this shared machine.
      if (env.GATEWAY_MANAGEMENT_PORT && app === 'gateway') cluster.GATEWAY_MANAGEMENT_PORT = String(await freePort());
      if (env.MANAGEMENT_PORT && app.startsWith('services/')) {
        managementPorts.set(app, await freePort());
        cluster.MANAGEMENT_PORT = String(managementPorts.get(app));
      }
      // As the image runs it: from /app (here the layout), `node <app>/dist/main.js`, nothing else in the environment.
      const child = spawn(process.execPath, [`${app}/dist/main.js`], {
        cwd: layout,
        env: { PATH: process.env.PATH, ...env, ...cluster },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      output.set(app, '');
      const keep = (chunk: Buffer) => output.set(app, (output.get(app)! + chunk.toString()).slice(-4000));
      child.stdout!.on('data', keep);
      child.stderr!.on('data', keep);
    }

    // Until the gateway reports every service up, or an app exits (its output says why).
    const health = async () => {
      const res = await fetch(`http://127.0.0.1:${gatewayPort}/api/health`).catch(() => undefined);
      return res?.status === 200 ? ((await res.json()) as HealthReport) : undefined;
    };
    const exitedApp = () => APPS.find((_, i) => children[i].exitCode !== null)?.[0];
    const outcome = await eventually(async () => {
      const exited = exitedApp();
      if (exited) return { exited };
      const report = await health();
      return report?.status === 'ok' && { report };
    }, 90_000).catch(async (err: Error) => ({ timedOut: `${err.message}: ${JSON.stringify(await health())}` }));
    const logs = () => [...output].map(([app, text]) => `--- ${app}\n${text}`).join('\n');
    if ('exited' in outcome) throw new Error(`${outcome.exited} exited:\n${output.get(outcome.exited)}`);
    if ('timedOut' in outcome) throw new Error(`${outcome.timedOut}\n${logs()}`);
    const { report } = outcome;
    expect(
      Object.values(report.services)
        .map((s) => `${s.service} ${s.status}`)
        .sort(),
    ).toEqual(SERVICE_NAMES.map((s) => `${s} up`).sort());

    // And it serves: a sign-up is answered, and its welcome email goes out through SMTP.
    const signUpAndWelcome = async () => {
      const email = `prod-${randomBytes(4).toString('hex')}@example.com`;
      const signUp = await fetch(`http://127.0.0.1:${gatewayPort}/api/auth/sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fullName: 'Production Check', email, password: `Pw-${randomBytes(8).toString('hex')}` }),
      });
      expect(signUp.status).toBe(201);
      await eventually(async () => mails.includes(email), 30_000);
    };
    await signUpAndWelcome();

    // Each service answers its probes and its metrics on its management port.
    expect([...managementPorts.keys()].sort()).toEqual(
      APPS.filter(([app]) => app !== 'gateway')
        .map(([app]) => app)
        .sort(),
    );
    const probe = async (port: number, path: string) => {
      const res = await fetch(`http://127.0.0.1:${port}${path}`).catch(() => undefined);
      return res ? { status: res.status, text: await res.text() } : { status: 0, text: '' };
    };
    const everyService = async (path: string) => Promise.all([...managementPorts.values()].map((port) => probe(port, path)));
    for (const path of ['/startupz', '/readyz', '/livez']) expect((await everyService(path)).map((r) => r.status)).toEqual(Array(5).fill(200));
    /** The series of a metric with all of these labels, and their values. */
    const series = async (app: string, metric: string, ...labels: string[]) =>
      (await probe(managementPorts.get(app)!, '/metrics')).text
        .split('\n')
        .filter((line) => line.startsWith(`${metric}{`) && labels.every((label) => line.includes(label)))
        .map((line) => Number(line.split(' ').at(-1)));
    // The sign-up was answered by auth, and its welcome email sent from the event the notification service handled.
    expect((await series('services/auth', 'coffer_rpc_seconds_count', 'subject="auth.', 'outcome="ok"')).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect((await series('services/notification', 'coffer_events_total', 'outcome="handled"')).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);

    // NATS away for 60 s: every service says it is not ready (out of rotation) yet stays alive; back, all are ready within 10 s.
    await nats.stop();
    await eventually(async () => (await everyService('/readyz')).every((r) => r.status === 503), 15_000);
    expect((await everyService('/livez')).map((r) => r.status)).toEqual(Array(5).fill(200));
    await new Promise((r) => setTimeout(r, 60_000));
    expect(exitedApp()).toBeUndefined();
    await nats.start();
    const back = Date.now();
    await eventually(async () => (await everyService('/readyz')).every((r) => r.status === 200) && (await health())?.status === 'ok', 10_000);
    expect(Date.now() - back).toBeLessThan(10_000);
    // Serving again, events and all: a new sign-up's welcome email goes out (the services' consumers and outbox relays resumed).
    await signUpAndWelcome();
  }, 300_000);
});
