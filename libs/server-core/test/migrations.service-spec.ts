import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { CORE_MIGRATIONS, openDatabase, type Database } from '../src/index.js';
import { DATABASE_KINDS, freshDatabase, pgBouncer } from '../src/testing.js';

/** A service's journal as it is now: its own tables only. */
const migrationsFolder = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));
/** The same service's journal before server-core owned them: processed_events in 0000_init, the outbox in 0001_outbox. */
const legacyFolder = fileURLToPath(new URL('./fixtures/legacy-migrations', import.meta.url));
const service = 'migrations-test';
/** How many migrations server-core's own journal holds (each recorded once). */
const coreMigrations = readMigrationFiles(CORE_MIGRATIONS).length;

async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
const count = async (db: Database, table: string) => Number((await rows<{ n: string }>(db, sql.raw(`select count(*) as n from ${table}`)))[0].n);

describe.each(DATABASE_KINDS)('core migrations on %s', (kind) => {
  it('give a new database the outbox and processed_events, recorded apart from the service journal', async () => {
    const target = await freshDatabase(kind);
    const database = await openDatabase({ service, schema: {}, migrationsFolder, databaseUrl: target.DATABASE_URL, dataDir: target.DATA_DIR });
    try {
      await database.db.execute(sql`insert into outbox (id, subject, event) values ('e1', 'events.test', '{}')`);
      await database.db.execute(sql`insert into processed_events (consumer, event_id) values ('c', 'e1')`);
      await database.db.execute(sql`insert into widgets (id, name) values ('w1', 'Widget')`);
      expect(await count(database.db, 'drizzle.__coffer_core_migrations')).toBe(coreMigrations);
      expect(await count(database.db, 'drizzle.__drizzle_migrations')).toBe(2);
    } finally {
      await database.close();
    }
  });

  it('upgrade a database made by the legacy per-service migrations, keeping its events, and run later migrations', async () => {
    const target = await freshDatabase(kind);
    // What the old code did on start: the service's journal alone, with the core tables in it.
    const seed = [
      sql`insert into outbox (id, subject, event) values ('pending', 'events.test', '{}')`,
      sql`insert into processed_events (consumer, event_id) values ('c', 'handled')`,
      sql`insert into widgets (id, name) values ('w1', 'Widget')`,
    ];
    if (target.DATABASE_URL) {
      const client = new pg.Client({ connectionString: target.DATABASE_URL });
      await client.connect();
      try {
        const db = drizzlePg(client);
        await migratePg(db, { migrationsFolder: legacyFolder });
        for (const statement of seed) await db.execute(statement);
      } finally {
        await client.end();
      }
    } else {
      const client = await PGlite.create(join(target.DATA_DIR, service));
      try {
        const db = drizzlePglite(client);
        await migratePglite(db, { migrationsFolder: legacyFolder });
        for (const statement of seed) await db.execute(statement);
      } finally {
        await client.close();
      }
    }

    // The new code, twice: the second start must change nothing.
    for (let start = 0; start < 2; start++) {
      const database = await openDatabase({ service, schema: {}, migrationsFolder, databaseUrl: target.DATABASE_URL, dataDir: target.DATA_DIR });
      try {
        expect(await rows(database.db, sql`select id from outbox`)).toEqual([{ id: 'pending' }]);
        expect(await rows(database.db, sql`select event_id from processed_events`)).toEqual([{ event_id: 'handled' }]);
        // 0002 is newer than anything the legacy journal applied, so it ran.
        expect(await rows(database.db, sql`select id, colour from widgets`)).toEqual([{ id: 'w1', colour: 'grey' }]);
        expect(await count(database.db, 'drizzle.__coffer_core_migrations')).toBe(coreMigrations);
        expect(await count(database.db, 'drizzle.__drizzle_migrations')).toBe(3);
      } finally {
        await database.close();
      }
    }
  });
});

describe('migrations through PgBouncer in transaction pooling', () => {
  it('run once when replicas start together, each transaction on whichever server connection the pooler gives', async () => {
    const target = await freshDatabase('postgres');
    // Fewer server connections than replicas, as on a cluster: a session-level lock would be shared, leaked or waited on forever.
    const bouncer = await pgBouncer(target.DATABASE_URL!, 3);
    try {
      const replicas = await Promise.all(
        Array.from({ length: 6 }, () =>
          openDatabase({ service, schema: {}, migrationsFolder, databaseUrl: bouncer.url, dataDir: target.DATA_DIR, poolSize: 2 }),
        ),
      );
      try {
        for (const replica of replicas) {
          expect(await count(replica.db, 'drizzle.__coffer_core_migrations')).toBe(coreMigrations);
          expect(await count(replica.db, 'drizzle.__drizzle_migrations')).toBe(2);
        }
        await replicas[0].db.execute(sql`insert into widgets (id, name) values ('w1', 'Widget')`);
        expect(await rows(replicas[5].db, sql`select id from widgets`)).toEqual([{ id: 'w1' }]);
      } finally {
        await Promise.all(replicas.map((replica) => replica.close()));
      }
    } finally {
      await bouncer.stop();
    }
  }, 60_000);

  it('leave the database as it was when a migration fails, and apply it in full once fixed', async () => {
    const target = await freshDatabase('postgres');
    const broken = await mkdtemp(join(tmpdir(), 'coffer-broken-migrations-'));
    await cp(migrationsFolder, broken, { recursive: true });
    const journal = JSON.parse(await readFile(join(broken, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const last = join(broken, `${journal.entries.at(-1)!.tag}.sql`);
    const good = await readFile(last, 'utf8');
    await writeFile(last, `${good}\n--> statement-breakpoint\nselect no_such_function();`);
    await expect(openDatabase({ service, schema: {}, migrationsFolder: broken, databaseUrl: target.DATABASE_URL, dataDir: target.DATA_DIR })).rejects.toThrow();

    const admin = new pg.Client({ connectionString: target.DATABASE_URL });
    await admin.connect();
    try {
      // Nothing of it stayed: no table, no journal row, not even the core migrations run before it.
      expect((await admin.query(`select count(*)::int as n from information_schema.tables where table_name in ('widgets', 'outbox')`)).rows[0].n).toBe(0);
    } finally {
      await admin.end();
    }
    await writeFile(last, good);
    const database = await openDatabase({ service, schema: {}, migrationsFolder: broken, databaseUrl: target.DATABASE_URL, dataDir: target.DATA_DIR });
    try {
      expect(await count(database.db, 'drizzle.__drizzle_migrations')).toBe(2);
    } finally {
      await database.close();
    }
  });
});
