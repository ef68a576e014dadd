import { RpcException } from '@nestjs/microservices';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { mkdtemp } from 'node:fs/promises';
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

/** A fresh, empty database of the given kind, as the DATABASE_URL / DATA_DIR a service reads. */
export async function freshDatabase(kind: DatabaseKind): Promise<{ DATABASE_URL?: string; DATA_DIR: string }> {
  const DATA_DIR = await mkdtemp(join(tmpdir(), 'coffer-test-'));
  if (kind === 'pglite') return { DATA_DIR };
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
  return { DATABASE_URL: url.toString(), DATA_DIR };
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

/** Polls `check` until it returns a truthy value or the time is up. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
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

/** A NATS server of the test's own (JetStream on disk), which it can stop and start again on the same port and store. */
export async function privateNats() {
  const port = await freePort();
  const storeDir = await mkdtemp(join(tmpdir(), 'coffer-nats-'));
  const url = `nats://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn('nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', storeDir], { stdio: ['ignore', 'ignore', 'pipe'] });
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
