import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { readMigrationFiles, type MigrationConfig } from 'drizzle-orm/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { traceQueries } from './tracing.js';
export { installation, outbox, processedEvents } from './db-schema.js';

/** The Drizzle database of one service, whichever PostgreSQL serves it. */
export type Database<S extends Record<string, unknown> = Record<string, unknown>> = PgDatabase<PgQueryResultHKT, S>;

/**
 * The migrations of the tables every service has (outbox, processed_events),
 * owned here and recorded in their own table, so a service's journal never
 * holds them. They run before the service's own.
 */
export const CORE_MIGRATIONS = { migrationsFolder: fileURLToPath(new URL('../migrations', import.meta.url)), migrationsTable: '__coffer_core_migrations' };

/**
 * Applies the core migrations, then the service's own (each journal in its own
 * table, in Drizzle's format), all in one transaction that first takes a
 * transaction-scoped advisory lock: replicas starting together migrate one
 * after the other, and it holds through PgBouncer's transaction pooling (a
 * session lock there is taken on one server connection and released, or not,
 * on another). A failed migration leaves the database as it was.
 */
async function migrateAll(db: Database, service: string, migrationsFolder?: string) {
  const journals: MigrationConfig[] = [CORE_MIGRATIONS, ...(migrationsFolder ? [{ migrationsFolder }] : [])];
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`coffer-migrate-${service}`}))`);
    await tx.execute(sql`create schema if not exists drizzle`);
    for (const journal of journals) {
      const table = sql`drizzle.${sql.identifier(journal.migrationsTable ?? '__drizzle_migrations')}`;
      await tx.execute(sql`create table if not exists ${table} (id serial primary key, hash text not null, created_at bigint)`);
      const applied = (await tx.execute(sql`select max(created_at) as last from ${table}`)) as unknown as { rows: { last: string | number | null }[] };
      const last = Number(applied.rows[0]?.last ?? -1);
      for (const migration of readMigrationFiles(journal)) {
        if (migration.folderMillis <= last) continue;
        for (const statement of migration.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
        await tx.execute(sql`insert into ${table} (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`);
      }
    }
  });
}

export interface DatabaseOptions<S extends Record<string, unknown>> {
  service: string;
  schema: S;
  /** The service's own Drizzle migrations; absent for a database with only the core tables (tests). */
  migrationsFolder?: string;
  /** A PostgreSQL server; when absent the service embeds PGlite in `<dataDir>/<service>`. */
  databaseUrl?: string;
  dataDir: string;
  /** Connections this process keeps to the PostgreSQL server at most (replicas × services × this must stay under the server's max_connections). */
  poolSize?: number;
}

export interface DatabaseHandle<S extends Record<string, unknown>> {
  db: Database<S>;
  kind: 'pglite' | 'postgres';
  /** Where the data is, for messages: the PGlite directory, or the PostgreSQL server and database (never its password). */
  location: string;
  /** PGlite's data directory (its free space is watched); absent on a PostgreSQL server. */
  directory?: string;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * PGlite's settings: 16 MB of shared buffers (128 MB by default, held for good in each service's
 * WebAssembly memory): a service's PGlite holds ~150 MB less, its working set of a small business fits.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** Opens the service's own database and applies its migrations. */
export async function openDatabase<S extends Record<string, unknown>>(opts: DatabaseOptions<S>): Promise<DatabaseHandle<S>> {
  if (opts.databaseUrl) return openPostgres(opts, opts.databaseUrl);
  const dir = resolve(opts.dataDir, opts.service);
  await mkdir(dir, { recursive: true });
  const created = !existsSync(resolve(dir, 'PG_VERSION'));
  const client = await PGlite.create(dir, { startParams: PGLITE_START_PARAMS }).catch((err: unknown) => {
    throw new DatabaseUnreadableError(opts.service, dir, err);
  });
  traceQueries(opts.service, client);
  // A transaction's queries run on the object it hands its callback.
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: (tx: object) => Promise<unknown>) =>
    transaction((tx) => callback(traceQueries(opts.service, tx)))) as typeof client.transaction;
  const db = drizzlePglite(client, { schema: opts.schema });
  await migrateAll(db as unknown as Database, opts.service, opts.migrationsFolder).catch(async (err) => {
    await client.close().catch(() => undefined);
    throw err;
  });
  // Creating the database ran initdb in a WebAssembly instance of its own, garbage now but ~500 MB held
  // until a full collection, which an idle service never has: one once it is let go of, where the process allows it (--expose-gc).
  const gc = (globalThis as { gc?: () => void }).gc;
  if (created && gc) setTimeout(gc, 1000).unref();
  return {
    db: db as unknown as Database<S>,
    kind: 'pglite',
    location: `PGlite in ${dir}`,
    directory: dir,
    ping: () => pingWith(db as unknown as Database<S>),
    close: () => client.close(),
  };
}

async function openPostgres<S extends Record<string, unknown>>(opts: DatabaseOptions<S>, url: string): Promise<DatabaseHandle<S>> {
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10 });
  // An idle client losing its server (restart, failover) must not crash the service: the pool reconnects.
  pool.on('error', (err) =>
    process.stderr.write(`${JSON.stringify({ level: 'warn', app: opts.service, msg: 'PostgreSQL connection lost; reconnecting', error: err.message })}\n`),
  );
  // The pool's queries, and a transaction's on the connection it holds (the pool's own reach its connections by callback: not twice).
  traceQueries(opts.service, pool);
  pool.on('connect', (client) => traceQueries(opts.service, client));
  const db = drizzlePg(pool, { schema: opts.schema }) as unknown as Database<S>;
  await migrateAll(db, opts.service, opts.migrationsFolder).catch(async (err) => {
    await pool.end();
    throw err;
  });
  return { db, kind: 'postgres', location: postgresLocation(url), ping: () => pingWith(db), close: () => pool.end() };
}

/** The server and database of a PostgreSQL URL, without its credentials. */
function postgresLocation(url: string): string {
  try {
    const { host, pathname } = new URL(url);
    return `PostgreSQL database ${decodeURIComponent(pathname.slice(1)) || '(default)'} on ${host}`;
  } catch {
    return 'PostgreSQL at DATABASE_URL';
  }
}

/** PGlite could not open a service's data directory (damaged, or written by another version): says which and what to do. */
export class DatabaseUnreadableError extends Error {
  constructor(
    readonly service: string,
    readonly directory: string,
    cause: unknown,
  ) {
    super(
      `${service} cannot open its database in ${directory}: the files there are damaged or not a PGlite database ` +
        `(${cause instanceof Error ? cause.message : String(cause)}). Stop ${service}, move ${directory} aside and restore it from a backup, ` +
        `then start again; without a backup, move it aside and start ${service} once with COFFER_NEW_INSTALLATION=true (its data is lost).`,
      { cause },
    );
    this.name = 'DatabaseUnreadableError';
  }
}

async function pingWith(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
