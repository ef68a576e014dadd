// The infrastructure Coffer runs on locally: NATS with JetStream, S3 (s3rver)
// and Debian's PostgreSQL server (15 to 17) on its own port and data directory:
// `npm start`'s databases, and the tests' throw-away server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hasCommand, portIsFree, ROOT, waitForPort } from './processes.mjs';

/** Refuses to start on a port something else holds: its data would not be ours. */
async function claimPort(port, what) {
  if (!(await portIsFree(port)))
    throw new Error(`Port ${port} for ${what} is already in use; stop whatever holds it (another Coffer run?) or pick other ports.`);
}

/** The PostgreSQL versions Coffer runs on (production and tests alike). */
export const PG_VERSIONS = [17, 16, 15];

/**
 * The bin folder of Debian's PostgreSQL server: the newest of 15, 16 and 17 installed, in
 * `<root>/<version>/bin` (Debian's `/usr/lib/postgresql`, whichever release installed which
 * version), or undefined when none is. COFFER_PG_BIN names another.
 */
export function pgBin(root = '/usr/lib/postgresql') {
  if (process.env.COFFER_PG_BIN) return process.env.COFFER_PG_BIN;
  return PG_VERSIONS.map((v) => path.join(root, String(v), 'bin')).find((bin) => fs.existsSync(path.join(bin, 'initdb')));
}

/** Starts nats-server with JetStream, its data in `dataDir`. */
export async function startNats(group, { port, dataDir }) {
  if (!hasCommand('nats-server')) throw new Error('nats-server is not installed: run `apt-get install nats-server` (or set NATS_URL).');
  await claimPort(port, 'NATS');
  fs.mkdirSync(dataDir, { recursive: true });
  const child = group.start('nats', 'nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dataDir]);
  await waitForPort(port, { name: 'nats-server', child });
  return `nats://127.0.0.1:${port}`;
}

/** The script and arguments of the embedded S3 (object-storage.mjs): s3rver with the files bucket, browsers of `origins` allowed. */
export function objectStorageArgs({ port, dataDir, bucket, origins }) {
  const args = [path.join(ROOT, 'deploy/local/object-storage.mjs'), '--port', String(port), '--dir', dataDir, '--bucket', bucket];
  for (const origin of origins) args.push('--origin', origin);
  return args;
}

/** Starts the embedded S3 as a process of its own (a worker process per CPU); returns its endpoint. */
export async function startObjectStorage(group, storage) {
  await claimPort(storage.port, 's3rver');
  const child = group.start('s3', process.execPath, objectStorageArgs(storage));
  await waitForPort(storage.port, { name: 's3rver', child });
  return `http://127.0.0.1:${storage.port}`;
}

/** The tests' DNS server (dns-test-server.mjs), a process of the group: where the services ask, and where tests set records. */
export async function startTestDns(group, port) {
  await claimPort(port, 'test DNS server');
  const child = group.start('dns', process.execPath, [path.join(ROOT, 'deploy/local/dns-test-server.mjs'), '--port', String(port)]);
  await waitForPort(port, { name: 'test DNS server', child });
  return { server: `127.0.0.1:${port}`, controlUrl: `http://127.0.0.1:${port}` };
}

function asPostgres(command) {
  // From '/': the caller's folder may be one the postgres user cannot enter.
  const result = spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', command], { encoding: 'utf8', cwd: '/' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

const asRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL command line: as the postgres user when root (the server refuses root). */
export function pgCommand() {
  return asRoot()
    ? (c) => asPostgres(c)
    : (c) => {
        const r = spawnSync('sh', ['-c', c], { encoding: 'utf8' });
        if (r.status !== 0) throw new Error(`${c} failed: ${r.stderr || r.stdout}`);
        return r.stdout;
      };
}

/** Runs `command` (a PostgreSQL client) with its stdin or stdout on a file, as `pgCommand` would. */
export function pgCommandWithFile(command, { stdin, stdout }) {
  const fd = fs.openSync(stdin ?? stdout, stdin ? 'r' : 'w');
  try {
    const stdio = stdin ? [fd, 'pipe', 'pipe'] : ['ignore', fd, 'pipe'];
    const result = asRoot()
      ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', command], { stdio, cwd: '/', encoding: 'utf8' })
      : spawnSync('sh', ['-c', command], { stdio, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
  } finally {
    fs.closeSync(fd);
  }
}

/** Gives `dir` to the postgres user when root; false when that user cannot write there (a private folder such as mktemp -d's). */
function handToPostgres(dir) {
  if (!asRoot()) return true;
  spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  return spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', `test -w '${dir}'`], { cwd: '/' }).status === 0;
}

/**
 * Starts a PostgreSQL server (15 to 17) on 127.0.0.1:`port` with its data in `dataDir`, as the postgres
 * user when root (initdb refuses root). Tests start a throw-away one (the folder emptied first, no fsync);
 * `keep: true` is `npm start`'s: the data found again at the next start, durable, lean memory settings.
 * Returns its URL, `createDatabase` and `stop`.
 */
export async function startPostgres({ port, dataDir, keep = false }) {
  const bin = pgBin();
  if (!bin)
    throw new Error(
      `PostgreSQL (${PG_VERSIONS.join(', ')}) is not installed (no /usr/lib/postgresql/<version>/bin/initdb): run \`apt-get install postgresql\`.`,
    );
  await claimPort(port, 'PostgreSQL');
  const run = pgCommand();
  if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  // Kept data linked from a private folder (below): the server is given the folder itself.
  dataDir = fs.realpathSync(dataDir);
  let ownDir = false;
  const reachable = handToPostgres(dataDir);
  if (!reachable && keep) {
    if (!process.env.CI) throw new Error(`The postgres user cannot write to ${dataDir} (a private folder?): move Coffer to a folder it can reach.`);
    // A CI checkout in a private folder (mktemp -d): the kept data lives in a folder of the temp folder, linked from
    // where it belongs, so a restart (or a restore) finds it again there; removing the link starts afresh.
    const linked = dataDir;
    fs.rmSync(linked, { recursive: true, force: true });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffer-pg-kept-'));
    fs.symlinkSync(dataDir, linked);
    handToPostgres(dataDir);
  } else if (!reachable) {
    // A throw-away server of a checkout in a private folder: the temp folder instead.
    fs.rmSync(dataDir, { recursive: true, force: true });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffer-pg-'));
    handToPostgres(dataDir);
    ownDir = true;
  }
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) run(`${bin}/initdb -D '${dataDir}' -U postgres -A trust -E UTF8 --locale=C.UTF-8 > /dev/null`);
  // A server left running by a run that did not stop (killed): stopped first, so this one owns its data.
  if (keep && fs.existsSync(path.join(dataDir, 'postmaster.pid'))) {
    try {
      run(`${bin}/pg_ctl -D '${dataDir}' -m fast stop > /dev/null 2>&1`);
    } catch {
      // Not running: a stale pid file, which the server's start replaces.
    }
  }
  // Small buffers, no replication: five services of a small business, idle most of the time (their pools close idle connections).
  const settings = keep
    ? '-c shared_buffers=16MB -c work_mem=2MB -c maintenance_work_mem=16MB -c autovacuum_max_workers=1 -c max_wal_size=256MB -c max_logical_replication_workers=0 -c wal_level=minimal -c max_wal_senders=0'
    : '-c fsync=off';
  run(
    `${bin}/pg_ctl -D '${dataDir}' -o "-c listen_addresses=127.0.0.1 -p ${port} -k '${dataDir}' ${settings}" -l '${dataDir}/server.log' -w start > /dev/null`,
  );
  await waitForPort(port, { name: 'postgresql' });
  const psql = (statement, database = 'postgres') => run(`${bin}/psql -h 127.0.0.1 -p ${port} -U postgres -d ${database} -XAtqc "${statement}"`);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    bin,
    port,
    dataDir,
    psql,
    /** The server's own process (the postmaster), to measure its memory with its backends. */
    pid: () => Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]),
    /** Creates a database on this server, unless it exists, and returns its URL. */
    createDatabase(name) {
      if (!psql(`select 1 from pg_database where datname = '${name}'`).trim()) psql(`create database \\"${name}\\"`);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop() {
      run(`${bin}/pg_ctl -D '${dataDir}' -m fast stop > /dev/null`);
      if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
