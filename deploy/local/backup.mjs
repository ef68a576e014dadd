// `npm run backup [dir]` and `npm run restore <dir>` (`npm run restore -- <dir> --force` over an installation):
// the embedded default's data, at rest.
// A backup holds every service's database (pg_dump of each on the PostgreSQL server, or a copy of each
// PGlite directory), the bucket (s3rver's directory), NATS's streams (events not yet delivered, the
// installation record), auth's key of the two-factor secrets and the captured emails, all taken while
// Coffer is stopped: one consistent moment (deploy/README.md).
// `--data-dir` names another installation than `.data` (the tests').
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './processes.mjs';
import { pgBin, pgCommandWithFile, startPostgres } from './infra.mjs';
import { databaseName, SERVICES } from './stack.mjs';

const MANIFEST = 'coffer-backup.json';
const FORMAT = 1;
/**
 * The folders of an installation copied as they are, beside its databases: the bucket, NATS, the key that
 * encrypts the two-factor secrets (without it they are unreadable) and the captured emails.
 */
const FOLDERS = ['s3', 'nats', 'auth-secrets', 'mail'];
const PID_FILE = 'coffer.pid';

/** A backup or restore that must not go ahead; the message says why and what to do. */
export class BackupError extends Error {}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
};

function pidIn(file) {
  const pid = fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').split('\n')[0]) : NaN;
  return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : undefined;
}

/** `npm start` holds its installation while it runs: backups and restores wait. Returns the release. */
export function claimInstallation(dataDir) {
  refuseWhileRunning(dataDir, 'start Coffer');
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, PID_FILE);
  fs.writeFileSync(file, String(process.pid));
  return () => fs.rmSync(file, { force: true });
}

function refuseWhileRunning(dataDir, what) {
  const pid = pidIn(path.join(dataDir, PID_FILE)) ?? pidIn(path.join(dataDir, 'postgres/postmaster.pid'));
  if (pid !== undefined && pid !== process.pid) {
    throw new BackupError(`Coffer is running on ${dataDir} (process ${pid}): stop it first (Ctrl-C where \`npm start\` runs), then ${what}.`);
  }
}

/** The newest migration of a Drizzle journal (its `when`, which the database records as created_at). */
function newestMigration(folder) {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8'));
  return Math.max(-1, ...journal.entries.map((e) => e.when));
}

/** The schema this checkout of Coffer migrates each service's database to. */
export function checkoutSchema() {
  const core = newestMigration(path.join(ROOT, 'libs/server-core/migrations'));
  return Object.fromEntries(SERVICES.map((service) => [service, { core, own: newestMigration(path.join(ROOT, 'services', service, 'src/db/migrations')) }]));
}

const SCHEMA_QUERY = `select (select coalesce(max(created_at), -1) from drizzle.__coffer_core_migrations) as core, (select coalesce(max(created_at), -1) from drizzle.__drizzle_migrations) as own`;

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The kind of database an installation has, or undefined when it holds none. */
function installedDatabase(dataDir) {
  if (fs.existsSync(path.join(dataDir, 'postgres'))) return 'postgres';
  if (SERVICES.some((service) => fs.existsSync(path.join(dataDir, service)))) return 'pglite';
  return undefined;
}

/** Runs `work` with the installation's PostgreSQL server started alone on a free port, then stops it. */
export async function withInstallationPostgres(dataDir, work) {
  const postgres = await startPostgres({ port: await freePort(), dataDir: path.join(dataDir, 'postgres'), keep: true });
  try {
    return await work(postgres);
  } finally {
    postgres.stop();
  }
}

const copy = (from, to) => fs.existsSync(from) && fs.cpSync(from, to, { recursive: true, preserveTimestamps: true });

/** Backs up the installation in `dataDir` into `dir` (new or empty); returns the manifest. */
export async function backup({ dataDir, dir }) {
  refuseWhileRunning(dataDir, 'back it up');
  const database = installedDatabase(dataDir);
  if (!database) throw new BackupError(`There is no Coffer installation in ${dataDir} to back up.`);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length) throw new BackupError(`${dir} is not empty: name a new folder for the backup.`);
  // Only its owner reads a backup: it holds password hashes, sessions and the two-factor key.
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  fs.mkdirSync(path.join(dir, 'databases'));
  const schema = {};
  if (database === 'postgres') {
    await withInstallationPostgres(dataDir, async (postgres) => {
      for (const service of SERVICES) {
        const name = databaseName(service);
        if (!postgres.psql(`select 1 from pg_database where datname = '${name}'`).trim()) continue;
        const [core, own] = postgres.psql(SCHEMA_QUERY, name).trim().split('|').map(Number);
        schema[service] = { core, own };
        pgCommandWithFile(`${postgres.bin}/pg_dump -h 127.0.0.1 -p ${postgres.port} -U postgres -Fc ${name}`, {
          stdout: path.join(dir, 'databases', `${service}.dump`),
        });
      }
    });
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    for (const service of SERVICES) {
      const from = path.join(dataDir, service);
      if (!fs.existsSync(from)) continue;
      const client = await PGlite.create(from);
      try {
        const { rows } = await client.query(SCHEMA_QUERY);
        schema[service] = { core: Number(rows[0].core), own: Number(rows[0].own) };
      } finally {
        await client.close();
      }
      copy(from, path.join(dir, 'databases', service));
    }
  }
  // The bucket after the databases (the order matters for a backup of a running system; this one is at rest).
  for (const folder of FOLDERS) copy(path.join(dataDir, folder), path.join(dir, folder));
  const manifest = { format: FORMAT, createdAt: new Date().toISOString(), database, schema };
  fs.writeFileSync(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Restores the backup in `dir` into `dataDir`, which must be empty unless `force` (then its data is replaced). */
export async function restore({ dataDir, dir, force = false }) {
  refuseWhileRunning(dataDir, 'restore');
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file)) throw new BackupError(`${dir} is not a Coffer backup (no ${MANIFEST}).`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (manifest.format !== FORMAT)
    throw new BackupError(`${dir} is a backup in format ${manifest.format}, which this Coffer does not read (it reads ${FORMAT}).`);
  const ours = checkoutSchema();
  const newer = Object.entries(manifest.schema).filter(([service, v]) => !ours[service] || v.core > ours[service].core || v.own > ours[service].own);
  if (newer.length) {
    throw new BackupError(
      `${dir} was made by a newer Coffer: the ${newer.map(([s]) => s).join(', ')} database${newer.length > 1 ? 's have' : ' has'} migrations this one does not know. ` +
        'Update Coffer to the release that made the backup (or a later one), then restore.',
    );
  }
  if (manifest.database === 'postgres' && !pgBin())
    throw new BackupError(`${dir} holds PostgreSQL databases and PostgreSQL is not installed: run \`apt-get install postgresql\`, then restore.`);
  const present = ['postgres', ...FOLDERS, ...SERVICES].filter((part) => fs.existsSync(path.join(dataDir, part)));
  if (present.length && !force) {
    throw new BackupError(
      `${dataDir} already holds an installation (${present.join(', ')}): restore refuses to overwrite it. To replace it (its data is lost): npm run restore -- ${dir} --force`,
    );
  }
  for (const part of present) fs.rmSync(path.join(dataDir, part), { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  if (manifest.database === 'postgres') {
    await withInstallationPostgres(dataDir, async (postgres) => {
      for (const service of Object.keys(manifest.schema)) {
        const name = databaseName(service);
        postgres.createDatabase(name);
        pgCommandWithFile(`${postgres.bin}/pg_restore -h 127.0.0.1 -p ${postgres.port} -U postgres --no-owner --exit-on-error -d ${name}`, {
          stdin: path.join(dir, 'databases', `${service}.dump`),
        });
      }
    });
  } else {
    for (const service of Object.keys(manifest.schema)) copy(path.join(dir, 'databases', service), path.join(dataDir, service));
  }
  for (const folder of FOLDERS) copy(path.join(dir, folder), path.join(dataDir, folder));
  return manifest;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false }, 'data-dir': { type: 'string' } },
  });
  const [command, target] = positionals;
  const dataDir = path.resolve(values['data-dir'] ?? path.join(ROOT, '.data'));
  try {
    if (command === 'backup') {
      const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
      const dir = path.resolve(target ?? path.join(ROOT, 'backups', `coffer-${stamp}`));
      const manifest = await backup({ dataDir, dir });
      console.log(
        `Backed up ${Object.keys(manifest.schema).length} databases (${manifest.database}), the bucket, NATS and auth's keys of ${dataDir} into ${dir}.`,
      );
    } else if (command === 'restore' && target) {
      const dir = path.resolve(target);
      const manifest = await restore({ dataDir, dir, force: values.force });
      console.log(`Restored ${dir} (made ${manifest.createdAt}) into ${dataDir}: \`npm start\` runs on it.`);
    } else {
      console.error(
        'Usage: npm run backup [dir]   |   npm run restore <dir>   |   npm run restore -- <dir> --force   (--data-dir <dir>: another installation than .data)',
      );
      process.exit(2);
    }
  } catch (err) {
    console.error(err instanceof BackupError ? err.message : (err.stack ?? String(err)));
    process.exit(1);
  }
}
