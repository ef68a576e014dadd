// `npm run bench`: starts Coffer on its own ports, runs every benchmark in
// bench/ against it (each compares Coffer with the raw backend in the same
// run, or measures what a browser downloads), prints their lines, stops.
// COFFER_BENCH_ONLY=list-page,upload runs only those.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildAll, CHROMIUM, ensureDebianPackages, ensureNpmPackages, NATS_SERVER, POSTGRESQL } from './ensure.mjs';

ensureNpmPackages();
ensureDebianPackages([NATS_SERVER, CHROMIUM, POSTGRESQL]);
buildAll();

const { ROOT } = await import('./processes.mjs');
const { defaultPorts, startStack, TEST_STACK_ENV } = await import('./stack.mjs');
const { startPostgres } = await import('./infra.mjs');

const dataDir = path.join(ROOT, '.data-bench');
fs.rmSync(dataDir, { recursive: true, force: true });
const ports = defaultPorts(7000);
// The files service on a PostgreSQL server, so a second process can run the same query beside it.
const postgres = await startPostgres({ port: ports.postgres, dataDir: path.join(dataDir, 'pg') });
const filesDatabaseUrl = postgres.createDatabase('coffer_files');
// Benchmarks sign up many users from one address: lift the sign-up limits for this run only.
const stack = await startStack({
  ports,
  serviceEnv: { files: { DATABASE_URL: filesDatabaseUrl } },
  dataDir,
  logDir: path.join(dataDir, 'logs'),
  quiet: true,
  env: { ...TEST_STACK_ENV, AUTH_IP_LOCKOUT_THRESHOLD: '100000', AUTH_SIGNUP_IP_THRESHOLD: '100000', LOG_LEVEL: 'warn' },
});
let failed = false;
try {
  const env = {
    ...process.env,
    COFFER_BENCH_APP_URL: stack.appUrl,
    COFFER_BENCH_NATS_URL: stack.natsUrl,
    COFFER_BENCH_S3_ENDPOINT: stack.s3Endpoint,
    COFFER_BENCH_FILES_DATABASE_URL: filesDatabaseUrl,
  };
  const only = process.env.COFFER_BENCH_ONLY?.split(',').map((name) => `${name.trim().replace(/\.mjs$/, '')}.mjs`);
  const benches = ['list-files.mjs', 'list-page.mjs', 'folder-browser.mjs', 'realtime.mjs', 'upload.mjs', 'landing-js.mjs'].filter((b) => !only || only.includes(b));
  for (const bench of benches) {
    const result = spawnSync(process.execPath, [path.join(ROOT, 'bench', bench)], { cwd: ROOT, env, stdio: 'inherit' });
    if (result.status !== 0 && bench !== 'landing-js.mjs') failed = true;
  }
} finally {
  await stack.group.stopAll();
  postgres.stop();
}
process.exit(failed ? 1 : 0);
