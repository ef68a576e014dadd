import { RpcException } from '@nestjs/microservices';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { chmod, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { CallerIdentity, PayloadOf, ReplyOf, RequestMeta, Subject } from '@coffer/contracts';
import { ServiceRequester } from './requester.js';

/** Where the service tests' infrastructure runs (started by jest's globalSetup or `npm test`). */
export function testInfra() {
  const natsUrl = process.env.COFFER_TEST_NATS_URL;
  const pgUrl = process.env.COFFER_TEST_PG_URL;
  const s3Endpoint = process.env.COFFER_TEST_S3_ENDPOINT;
  if (!natsUrl || !pgUrl || !s3Endpoint) throw new Error('Service tests need COFFER_TEST_NATS_URL, COFFER_TEST_PG_URL and COFFER_TEST_S3_ENDPOINT');
  return { natsUrl, pgUrl, s3Endpoint };
}

/** The two kinds of PostgreSQL every service must run on: embedded PGlite and a real server. */
export const DATABASE_KINDS = ['pglite', 'postgres'] as const;
export type DatabaseKind = (typeof DATABASE_KINDS)[number];

/**
 * A fresh, empty database of the given kind, as the DATABASE_URL / DATA_DIR a service reads. The service tests
 * start one service on many fresh databases against one NATS: each is a new installation (COFFER_NEW_INSTALLATION).
 */
export async function freshDatabase(kind: DatabaseKind): Promise<{ DATABASE_URL?: string; DATA_DIR: string; COFFER_NEW_INSTALLATION: 'true' }> {
  const DATA_DIR = await mkdtemp(join(tmpdir(), 'coffer-test-'));
  const COFFER_NEW_INSTALLATION = 'true';
  if (kind === 'pglite') return { DATA_DIR, COFFER_NEW_INSTALLATION };
  const admin = new pg.Client({ connectionString: testInfra().pgUrl });
  const name = `t_${randomUUID().replace(/-/g, '')}`;
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(testInfra().pgUrl);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString(), DATA_DIR, COFFER_NEW_INSTALLATION };
}

/** A NATS client that talks to services the way the gateway does. */
export class TestCaller {
  private readonly requester: ServiceRequester;

  constructor(natsUrl = testInfra().natsUrl) {
    this.requester = ServiceRequester.connect(natsUrl, 'test-caller');
  }

  /** Rejects with the service's plain `{ code, status, message }`, as the gateway receives it. */
  request<S extends Subject>(subject: S, payload: PayloadOf<S>, caller?: CallerIdentity, meta: Omit<RequestMeta, 'caller'> = {}): Promise<ReplyOf<S>> {
    return this.requester.request(subject, payload, { ...meta, caller }).catch(plainError);
  }

  /** Sends what no typed caller could (a malformed payload), to see the service refuse it. */
  requestUnchecked(subject: Subject, payload: unknown, caller?: CallerIdentity): Promise<unknown> {
    return this.requester.request(subject, payload as never, { caller }).catch(plainError);
  }

  close() {
    return this.requester.close();
  }
}

function plainError(error: unknown): never {
  throw error instanceof RpcException ? error.getError() : error;
}

/** A caller identity for a new, unique user. */
export function newCaller(role: CallerIdentity['role'] = 'owner'): CallerIdentity {
  return { userId: randomUUID(), accountId: randomUUID(), role };
}

/**
 * Polls `check` until it returns a truthy value or the time is up. The bound only says "it never came": generous
 * (30 s) because a loaded two-core CI machine can take over 10 s for a fresh service's first event.
 */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Condition not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
}

/** A TCP port free on this machine right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A CA, a server certificate for 127.0.0.1 and localhost, and a client certificate for each name (subject
 * CN=<name>), made with openssl in `dir`: the files a NATS server and its clients are given for TLS.
 */
export async function testCertificates(dir: string, clients: string[]) {
  const at = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=Coffer test CA', '-keyout', 'ca.key', '-out', 'ca.pem');
  const issue = async (name: string, file: string, extension: string) => {
    await writeFile(at(`${file}.ext`), `${extension}\n`);
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=${name}`, '-keyout', `${file}.key`, '-out', `${file}.csr`);
    openssl(
      'x509',
      '-req',
      '-in',
      `${file}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      '1',
      '-extfile',
      `${file}.ext`,
      '-out',
      `${file}.pem`,
    );
    return { cert: at(`${file}.pem`), key: at(`${file}.key`) };
  };
  const server = await issue('server', 'server', 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth');
  const issued: Record<string, { cert: string; key: string }> = {};
  for (const [i, name] of clients.entries()) issued[name] = await issue(name, `client-${i}`, 'extendedKeyUsage=clientAuth');
  return { ca: at('ca.pem'), serverCert: server.cert, serverKey: server.key, clients: issued };
}

/** A NATS server of the test's own (JetStream on disk), which it can stop and start again on the same port and store. */
export async function privateNats(opts: { config?: string; scheme?: 'nats' | 'tls' } = {}) {
  const port = await freePort();
  const storeDir = await mkdtemp(join(tmpdir(), 'coffer-nats-'));
  const url = `${opts.scheme ?? 'nats'}://127.0.0.1:${port}`;
  // Settings beyond the command line (TLS, accounts) go in a config file.
  const configFile = join(storeDir, 'nats.conf');
  if (opts.config) await writeFile(configFile, opts.config);
  let child: ChildProcess | undefined;
  const start = async () => {
    const args = ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir, ...(opts.config ? ['-c', configFile] : [])];
    const started = spawn('nats-server', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    child = started;
    // Ready once it says so on stderr.
    await new Promise<void>((resolve, reject) => {
      let said = '';
      started.stderr!.on('data', (chunk: Buffer) => {
        said += chunk.toString();
        if (said.includes('Server is ready')) resolve();
      });
      started.once('exit', (code) => reject(new Error(`nats-server exited (${code}): ${said}`)));
    });
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    await new Promise((resolve) => {
      running.once('exit', resolve);
      running.kill('SIGTERM');
    });
  };
  await start();
  return { url, start, stop };
}

/**
 * A PgBouncer in transaction pooling mode in front of the PostgreSQL at
 * `target` (as a managed PostgreSQL behind a pooler is run): each transaction
 * may get another server connection, so session state does not hold. Runs as
 * the postgres user when root (PgBouncer refuses root). Given the `port` of one stopped, it starts it again.
 */
export async function pgBouncer(target: string, serverConnections = 3, port?: number) {
  port ??= await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'coffer-pgbouncer-'));
  const server = new URL(target);
  await writeFile(join(dir, 'users.txt'), `"${decodeURIComponent(server.username)}" ""\n`);
  await writeFile(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      `listen_addr = 127.0.0.1`,
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${serverConnections}`,
      'max_client_conn = 200',
      'ignore_startup_parameters = extra_float_digits,options',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await chmod(dir, 0o755);
  const command = asRoot
    ? spawn('su', ['postgres', '-s', '/bin/sh', '-c', `exec /usr/sbin/pgbouncer ${join(dir, 'pgbouncer.ini')}`], {
        cwd: '/',
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn('/usr/sbin/pgbouncer', [join(dir, 'pgbouncer.ini')], { stdio: ['ignore', 'pipe', 'pipe'] });
  // Ready once it says it listens.
  await new Promise<void>((resolve, reject) => {
    let said = '';
    const hear = (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('process up')) resolve();
    };
    command.stdout!.on('data', hear);
    command.stderr!.on('data', hear);
    command.once('exit', (code) => reject(new Error(`pgbouncer exited (${code}): ${said}`)));
  });
  const url = new URL(target);
  url.host = `127.0.0.1:${port}`;
  return {
    /** `target`'s database through the pooler. */
    url: url.toString(),
    stop: () =>
      new Promise<void>((resolve) => {
        if (command.exitCode !== null) return resolve();
        command.once('exit', () => resolve());
        command.kill('SIGINT');
      }),
  };
}
