import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, statfs, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Controller, Inject, Module, type DynamicModule, type INestMicroservice, type OnModuleInit } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { BillingSubject, type ReplyOf } from '@coffer/contracts';
import { CoreModule, DATABASE, loadConfig, RpcRouter, runService, serviceConfigSchema, type Database } from '../src/index.js';
import { testInfra } from '../src/testing.js';

// A full disk: the service's health says degraded (not up) and its log says "no space left on device",
// on a real file system that fills up (a small tmpfs holding the PGlite data directory; mounting needs root).

const migrationsFolder = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));
/** The subject the filler answers (the service's own is not in this module; the test reads only its failure). */
const FILL = BillingSubject.GetPlan;

/** A handler that stores about a megabyte per call (random text that does not compress away), as uploads and shares add rows. */
@Controller()
class Filler implements OnModuleInit {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(FILL, { caller: 'none' }, () => this.fill());
  }

  async fill() {
    await this.db.execute(
      sql`insert into outbox (id, subject, event) select gen_random_uuid()::text, 'events.fill', jsonb_build_object('p', (select string_agg(md5(random()::text || m), '') from generate_series(1, 1000) as g(m))) from generate_series(1, 50) as s(n)`,
    );
    return {} as ReplyOf<typeof FILL>;
  }
}

/** Asks the service as Nest's NATS transport expects; resolves with its reply body ({ response } or { err }). */
async function ask(nc: NatsConnection, subject: string): Promise<{ response?: unknown; err?: { status?: number; message?: string } }> {
  const reply = await nc.request(subject, JSON.stringify({ pattern: subject, data: {}, id: String(Math.random()) }), { timeout: 20_000 });
  return reply.json();
}

const asRoot = process.getuid?.() === 0;

(asRoot ? describe : describe.skip)('a service whose disk is full', () => {
  let mountPoint: string;
  let app: INestMicroservice;
  let nc: NatsConnection;
  const said: string[] = [];
  const write = process.stderr.write.bind(process.stderr);

  beforeAll(async () => {
    mountPoint = await mkdtemp(join(tmpdir(), 'coffer-full-'));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=120m', 'tmpfs', mountPoint]);
    // What the service logs (errors go to stderr), kept to be read.
    process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
      said.push(chunk.toString());
      return write(chunk, ...rest);
    }) as typeof process.stderr.write;
    const config = loadConfig(serviceConfigSchema, {
      DATA_DIR: mountPoint,
      NATS_URL: testInfra().natsUrl,
      COFFER_NEW_INSTALLATION: 'true',
      LOG_LEVEL: 'error',
    });
    @Module({})
    class FullDiskModule {
      static forConfig(): DynamicModule {
        return {
          module: FullDiskModule,
          imports: [CoreModule.forService({ service: 'billing', config, schema: {}, migrationsFolder })],
          controllers: [Filler],
        };
      }
    }
    app = await runService('billing', config, FullDiskModule.forConfig());
    nc = await connect({ servers: testInfra().natsUrl });
  }, 120_000);
  afterAll(async () => {
    process.stderr.write = write;
    await nc?.close();
    await app?.close();
    execFileSync('umount', [mountPoint]);
    await rm(mountPoint, { recursive: true, force: true });
  });

  it('says degraded in its health and "no space left on device" in its log', async () => {
    expect(await ask(nc, 'billing.health.check')).toMatchObject({ response: { status: 'up' } });

    // The disk filled by something else, all but 2 MB.
    const space = await statfs(mountPoint);
    await writeFile(join(mountPoint, 'filler'), Buffer.alloc(space.bavail * space.bsize - 2 * 1024 * 1024));
    expect(await ask(nc, 'billing.health.check')).toMatchObject({
      response: { status: 'degraded', error: expect.stringContaining('no space left on device') },
    });

    // Writes fail (500, as before) and the log says why.
    let failed: { status?: number } | undefined;
    for (let i = 0; i < 100 && !failed; i++) failed = (await ask(nc, FILL)).err;
    expect(failed).toMatchObject({ status: 500 });
    expect(said.join('')).toContain('"msg":"no space left on device"');
    expect(said.join('')).toContain('No space left on device');
  });
});
