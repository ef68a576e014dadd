// The infrastructure Coffer runs on locally: NATS with JetStream, S3 (s3rver)
// and, for tests, a PostgreSQL 15 server on its own port and data directory.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hasCommand, portIsFree, ROOT, waitForPort } from './processes.mjs';

/** Refuses to start on a port something else holds: its data would not be ours. */
async function claimPort(port, what) {
  if (!(await portIsFree(port))) throw new Error(`Port ${port} for ${what} is already in use; stop whatever holds it (another Coffer run?) or pick other ports.`);
}

export const PG_BIN = '/usr/lib/postgresql/15/bin';

/** Starts nats-server with JetStream, its data in `dataDir`. */
export async function startNats(group, { port, dataDir }) {
  if (!hasCommand('nats-server')) throw new Error('nats-server is not installed: run `apt-get install nats-server` (or set NATS_URL).');
  await claimPort(port, 'NATS');
  fs.mkdirSync(dataDir, { recursive: true });
  const child = group.start('nats', 'nats-server', ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dataDir]);
  await waitForPort(port, { name: 'nats-server', child });
  return `nats://127.0.0.1:${port}`;
}

/** Starts s3rver with the files bucket; returns its endpoint. */
export async function startObjectStorage(group, { port, dataDir, bucket, origins }) {
  await claimPort(port, 's3rver');
  const args = [path.join(ROOT, 'deploy/local/object-storage.mjs'), '--port', String(port), '--dir', dataDir, '--bucket', bucket];
  for (const origin of origins) args.push('--origin', origin);
  const child = group.start('s3', process.execPath, args);
  await waitForPort(port, { name: 's3rver', child });
  return `http://127.0.0.1:${port}`;
}

function asPostgres(command) {
  // From '/': the caller's folder may be one the postgres user cannot enter.
  const result = spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', command], { encoding: 'utf8', cwd: '/' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

function pgCommand() {
  return process.getuid?.() === 0 ? (c) => asPostgres(c) : (c) => {
    const r = spawnSync('sh', ['-c', c], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${c} failed: ${r.stderr || r.stdout}`);
    return r.stdout;
  };
}

/**
 * Starts a throw-away PostgreSQL 15 server (initdb refuses root, so as the
 * postgres user when root). Returns its URL and a stop function.
 */
export async function startPostgres({ port, dataDir }) {
  if (!fs.existsSync(path.join(PG_BIN, 'initdb'))) throw new Error(`PostgreSQL 15 is not installed (${PG_BIN}): run \`apt-get install postgresql\`.`);
  await claimPort(port, 'PostgreSQL');
  const run = pgCommand();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  let ownDir = false;
  if (process.getuid?.() === 0) {
    spawnSync('chown', ['-R', 'postgres:postgres', dataDir]);
    // A checkout inside a private folder (mktemp -d is 0700) is out of the postgres user's reach: use the temp folder.
    if (spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', `test -w '${dataDir}'`], { cwd: '/' }).status !== 0) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'coffer-pg-'));
      spawnSync('chown', ['-R', 'postgres:postgres', dataDir]);
      ownDir = true;
    }
  }
  run(`${PG_BIN}/initdb -D ${dataDir} -U postgres -A trust -E UTF8 --locale=C.UTF-8 > /dev/null`);
  run(`${PG_BIN}/pg_ctl -D ${dataDir} -o "-c listen_addresses=127.0.0.1 -p ${port} -k ${dataDir} -c fsync=off" -l ${dataDir}/server.log -w start > /dev/null`);
  await waitForPort(port, { name: 'postgresql' });
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** Creates a database on this server and returns its URL. */
    createDatabase(name) {
      run(`${PG_BIN}/psql -h 127.0.0.1 -p ${port} -U postgres -qc "create database \\"${name}\\""`);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop() {
      run(`${PG_BIN}/pg_ctl -D ${dataDir} -m fast stop > /dev/null`);
      if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
