import { fileURLToPath } from 'node:url';
import { Module, type INestMicroservice } from '@nestjs/common';
import { healthSubject, type ServiceHealth } from '@coffer/contracts';
import { CoreModule, loadConfig, runService, serviceConfigSchema } from '../src/index.js';
import { TestCaller, eventually, freshDatabase, freePort, pgBouncer, privateNats } from '../src/testing.js';

// Two replicas of one service on one NATS (a NATS of the test's own: no other test's service is in these
// queue groups), on one PostgreSQL database; replica A reaches it through a PgBouncer the test stops and
// starts again, replica B directly. Which replica answered shows in the health reply: one whose database
// does not answer says `down`.

const service = 'notification';
const migrationsFolder = fileURLToPath(new URL('../../../services/notification/src/db/migrations', import.meta.url));

/** A replica of the service with only what every service has (its database, events, the health handler). */
async function replica(natsUrl: string, databaseUrl: string, dataDir: string): Promise<INestMicroservice> {
  const config = loadConfig(serviceConfigSchema, { NATS_URL: natsUrl, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'error' });
  @Module({ imports: [CoreModule.forService({ service, config, schema: {}, migrationsFolder })] })
  class ReplicaModule {}
  return runService(service, config, ReplicaModule);
}

describe('a replica whose database is away', () => {
  it('leaves its queue group, so requests keep succeeding through the other replica, and comes back once its database answers', async () => {
    const nats = await privateNats();
    const database = await freshDatabase('postgres');
    const bouncerPort = await freePort();
    let bouncer = await pgBouncer(database.DATABASE_URL!, 3, bouncerPort);
    const caller = new TestCaller(nats.url);
    const apps: INestMicroservice[] = [];
    try {
      const a = await replica(nats.url, bouncer.url, database.DATA_DIR);
      apps.push(a);
      const b = await replica(nats.url, database.DATABASE_URL!, database.DATA_DIR);
      apps.push(b);
      /** `n` health requests one after the other: the status each answered, or the error it met. */
      const ask = async (n: number) => {
        const answers: string[] = [];
        for (let i = 0; i < n; i++)
          answers.push(
            await caller.request(healthSubject(service), {}).then(
              (h: ServiceHealth) => h.status,
              (err: unknown) => `error: ${JSON.stringify(err)}`,
            ),
          );
        return answers;
      };
      expect(await ask(10)).toEqual(Array(10).fill('up'));

      // A loses its database: once it noticed, every request is answered by B (today A keeps taking half of them and answers `down`).
      await bouncer.stop();
      await eventually(async () => (await ask(20)).every((s) => s === 'up'), 30_000);
      expect(await ask(100)).toEqual(Array(100).fill('up'));

      // Its database back, A is in the group again: with B stopped, A answers.
      bouncer = await pgBouncer(database.DATABASE_URL!, 3, bouncerPort);
      await b.close();
      apps.splice(apps.indexOf(b), 1);
      const fromA = await eventually(async () => (await ask(1))[0] === 'up', 30_000);
      expect(fromA).toBe(true);
      expect(await ask(10)).toEqual(Array(10).fill('up'));
    } finally {
      for (const app of apps) await app.close();
      await caller.close();
      await bouncer.stop();
      await nats.stop();
    }
  }, 120_000);
});
