import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Logger, Module, type DynamicModule } from '@nestjs/common';
import { CoreModule, DatabaseUnreadableError, loadConfig, openDatabase, runService, serviceConfigSchema } from '../src/index.js';
import { DATABASE_KINDS, freshDatabase, privateNats, type DatabaseKind } from '../src/testing.js';

// A service must notice that its database is not the one this installation had (its data directory
// deleted, another database given), refuse to start and say what to do, unless told it is a new
// installation; a fresh installation (empty NATS, empty database) starts without being told.

const migrationsFolder = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));

Logger.overrideLogger(false);

/** A database of the test's own, as a production service reads it: without the tests' new-installation switch. */
async function database(kind: DatabaseKind) {
  const { DATABASE_URL, DATA_DIR } = await freshDatabase(kind);
  return { DATA_DIR, ...(DATABASE_URL && { DATABASE_URL }) };
}

/** Starts a service (billing's name, only the core tables) on `db` against `natsUrl`, and stops it again. */
async function startAndStop(natsUrl: string, db: Record<string, string>, env: Record<string, string> = {}) {
  const config = loadConfig(serviceConfigSchema, { ...db, ...env, NATS_URL: natsUrl, LOG_LEVEL: 'error' });
  @Module({})
  class TestServiceModule {
    static forConfig(): DynamicModule {
      return { module: TestServiceModule, imports: [CoreModule.forService({ service: 'billing', config, schema: {}, migrationsFolder })] };
    }
  }
  const app = await runService('billing', config, TestServiceModule.forConfig());
  await app.close();
}

describe.each(DATABASE_KINDS)('a service on %s and the installation it belongs to', (kind) => {
  it('starts on a fresh installation without any switch, and again on the same data', async () => {
    const nats = await privateNats();
    try {
      const db = await database(kind);
      await startAndStop(nats.url, db);
      await startAndStop(nats.url, db);
    } finally {
      await nats.stop();
    }
  });

  it('refuses to start on an empty database where the installation had one, saying which and what to do; starts with COFFER_NEW_INSTALLATION=true', async () => {
    const nats = await privateNats();
    try {
      const first = await database(kind);
      await startAndStop(nats.url, first);

      // Its data lost: an empty database in its place.
      const empty = await database(kind);
      const where = kind === 'pglite' ? join(empty.DATA_DIR, 'billing') : new URL(empty.DATABASE_URL!).pathname.slice(1);
      const refusal = startAndStop(nats.url, empty);
      await expect(refusal).rejects.toThrow(/billing refuses to start: the billing service's database .* is empty or new, .* its data is missing/);
      await expect(refusal).rejects.toThrow(where);
      await expect(refusal).rejects.toThrow(/Restore the billing database from a backup/);
      await expect(refusal).rejects.toThrow(/COFFER_NEW_INSTALLATION=true/);
      // Refused again: refusing left nothing behind that would let a second start through.
      await expect(startAndStop(nats.url, empty)).rejects.toThrow(/its data is missing/);

      // Told it is a new installation, it starts; from then on this is the installation's database.
      await startAndStop(nats.url, empty, { COFFER_NEW_INSTALLATION: 'true' });
      await startAndStop(nats.url, empty);
      await expect(startAndStop(nats.url, first)).rejects.toThrow(/billing refuses to start: .* it is another installation's database/);
    } finally {
      await nats.stop();
    }
  });

  it('starts when NATS lost its data while the database is intact, and records the database again', async () => {
    const before = await privateNats();
    const db = await database(kind);
    try {
      await startAndStop(before.url, db);
    } finally {
      await before.stop();
    }
    // A NATS with nothing stored: the database's id is recorded again, so an empty database is refused after.
    const after = await privateNats();
    try {
      await startAndStop(after.url, db);
      await expect(startAndStop(after.url, await database(kind))).rejects.toThrow(/its data is missing/);
    } finally {
      await after.stop();
    }
  });
});

describe('a damaged PGlite database', () => {
  it('says which directory it is and what to do, not only that PGlite failed', async () => {
    const { DATA_DIR } = await database('pglite');
    const made = await openDatabase({ service: 'billing', schema: {}, migrationsFolder, dataDir: DATA_DIR });
    await made.close();
    // Its control file overwritten: PGlite alone says only "PGlite failed to initialize properly".
    await writeFile(join(DATA_DIR, 'billing', 'global', 'pg_control'), Buffer.alloc(8192));

    const opening = openDatabase({ service: 'billing', schema: {}, migrationsFolder, dataDir: DATA_DIR });
    await expect(opening).rejects.toBeInstanceOf(DatabaseUnreadableError);
    await expect(opening).rejects.toThrow(`billing cannot open its database in ${join(DATA_DIR, 'billing')}: the files there are damaged`);
    await expect(opening).rejects.toThrow(/restore it from a backup/);
  });
});
