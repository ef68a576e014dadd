// `npm run bench`: starts Coffer on its own ports as `npm start` does (one
// PostgreSQL server, lean settings), prints the idle memory of the whole stack,
// runs every benchmark in bench/ against it (each compares Coffer with the raw
// backend in the same run, or measures what a browser downloads), prints their lines, stops.
// COFFER_BENCH_ONLY=list-page,upload runs only those; COFFER_TEST_PORT_OFFSET moves its ports (7000 unless set).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildAll, CHROMIUM, ensureDebianPackages, ensureNode, ensureNpmPackages, NATS_SERVER, POSTGRESQL } from './ensure.mjs';

ensureNpmPackages();
await ensureNode();
ensureDebianPackages([NATS_SERVER, CHROMIUM, POSTGRESQL]);
buildAll();

const { ROOT } = await import('./processes.mjs');
const { databaseName, defaultPorts, startStack, TEST_STACK_ENV, waitForHealthy } = await import('./stack.mjs');

// Ports shifted by 7000 (10000 for the shell), or by COFFER_TEST_PORT_OFFSET when set, so a second bench run (or one
// beside a test run at another offset) need not collide; data in .data-bench, or .data-bench-<offset> for another offset.
const offset = Number(process.env.COFFER_TEST_PORT_OFFSET ?? 7000);
const dataDir = path.join(ROOT, offset === 7000 ? '.data-bench' : `.data-bench-${offset}`);
fs.rmSync(dataDir, { recursive: true, force: true });
const ports = defaultPorts(offset);
// Benchmarks sign up many users from one address: lift the sign-up limits for this run only.
const stack = await startStack({
  ports,
  database: 'postgres',
  lean: true,
  dataDir,
  logDir: path.join(dataDir, 'logs'),
  quiet: true,
  env: { ...TEST_STACK_ENV, AUTH_IP_LOCKOUT_THRESHOLD: '100000', AUTH_SIGNUP_IP_THRESHOLD: '100000', LOG_LEVEL: 'warn' },
});
// The files service's database, so a second process can run the same query beside it.
const filesDatabaseUrl = `postgres://postgres@127.0.0.1:${ports.postgres}/${databaseName('files')}`;
// Idle: every service answers, and the start's work (migrations, the first pings, the garbage it left) settled: read
// once a second until the total stopped falling (five readings within 1 % of each other), or after a minute.
const readings = [];
for (let second = 0; second < 60; second++) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  readings.push(stack.memory());
  const last = readings.slice(-5).map((m) => m.resident);
  if (last.length === 5 && Math.max(...last) - Math.min(...last) < 0.01 * Math.min(...last)) break;
}
const idle = readings.at(-1);
const gb = (bytes) => `${(bytes / 1e9).toFixed(2)} GB`;
console.log(
  `Idle memory of the whole stack (every process: NATS, S3, PostgreSQL, services, gateway, front ends; Node.js ${process.versions.node}): ` +
    `${gb(idle.proportional)} taken from the machine (PSS: shared pages counted once) (target < 1.2 GB); ` +
    `${gb(idle.resident)} as the sum of each process's resident set (RSS: shared pages once per process)`,
);
let failed = false;
try {
  const env = {
    ...process.env,
    COFFER_BENCH_APP_URL: stack.appUrl,
    COFFER_BENCH_NATS_URL: stack.natsUrl,
    COFFER_BENCH_S3_ENDPOINT: stack.s3Endpoint,
    COFFER_BENCH_FILES_DATABASE_URL: filesDatabaseUrl,
    COFFER_BENCH_DEV_KEY: stack.devKey,
  };
  const only = process.env.COFFER_BENCH_ONLY?.split(',').map((name) => `${name.trim().replace(/\.mjs$/, '')}.mjs`);
  const benches = [
    'list-files.mjs',
    'list-page.mjs',
    'team-folder-list.mjs',
    'move-folder.mjs',
    'bulk-move.mjs',
    'folder-browser.mjs',
    'realtime.mjs',
    'upload.mjs',
    'thumbnails.mjs',
    'zip.mjs',
    'landing-js.mjs',
  ].filter((b) => !only || only.includes(b));
  for (const bench of benches) {
    if (bench === 'thumbnails.mjs') {
      if (!(await thumbnailsOnAndOff(env))) failed = true;
      continue;
    }
    const result = spawnSync(process.execPath, [path.join(ROOT, 'bench', bench)], { cwd: ROOT, env, stdio: 'inherit' });
    if (result.status !== 0 && bench !== 'landing-js.mjs') failed = true;
  }
} finally {
  await stack.group.stopAll();
}

/**
 * Uploads with the files service restarted with THUMBNAILS=off, then with thumbnails on, twice, the files
 * service left on (as it was): bench/thumbnails.mjs prints the comparison of each mode's best run.
 */
async function thumbnailsOnAndOff(env) {
  const results = path.join(dataDir, 'thumbnails.json');
  const run = (mode) =>
    spawnSync(process.execPath, [path.join(ROOT, 'bench', 'thumbnails.mjs')], {
      cwd: ROOT,
      env: { ...env, COFFER_BENCH_THUMBNAILS: mode, COFFER_BENCH_THUMBNAILS_RESULTS: results },
      stdio: 'inherit',
    }).status === 0;
  const restartFiles = async (thumbnails) => {
    const files = await stack.group.stopOne('files');
    stack.group.start(files.name, files.command, files.args, { env: { ...files.env, THUMBNAILS: thumbnails }, cwd: files.cwd });
    await waitForHealthy(`${stack.appUrl}/api/health`);
  };
  let passed = true;
  for (const mode of ['off', 'on', 'off', 'on']) {
    if (mode === 'off') await restartFiles('off');
    passed = run(mode) && passed;
    if (mode === 'off') await restartFiles('on');
  }
  return passed;
}
process.exit(failed ? 1 : 0);
