// `npm test`: every test of Coffer on a fresh clone. Installs what is missing,
// builds, starts NATS, S3 and a PostgreSQL (15 to 17) server for the unit, component
// (the dialogs in jsdom) and service tests, then the whole stack on test ports for the api and end-to-end tests
// in Chromium, then the reliability scenarios (each on a stack of its own),
// and stops everything it started.
// `npm run test:reliability` (--reliability): only the reliability suite, R1 to R6.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildAll, CHROMIUM, ensureDebianPackages, ensureNode, ensureNpmPackages, NATS_SERVER, PGBOUNCER, POSTGRESQL, UNZIP } from './ensure.mjs';

ensureNpmPackages();
await ensureNode();
ensureDebianPackages([NATS_SERVER, CHROMIUM, POSTGRESQL, PGBOUNCER, UNZIP]);
buildAll();

const { ProcessGroup, ROOT } = await import('./processes.mjs');
const { startNats, startObjectStorage, startPostgres } = await import('./infra.mjs');
const { defaultPorts, startStack, testDataDir, testPortOffset, TEST_STACK_ENV, newSigningKeyPem } = await import('./stack.mjs');
const ports = defaultPorts(testPortOffset());
const infraPorts = defaultPorts(testPortOffset() + 10000);

const dataDir = testDataDir();
fs.rmSync(dataDir, { recursive: true, force: true });
const reports = path.join(dataDir, 'reports');
fs.mkdirSync(reports, { recursive: true });
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSuites = [];

const reliabilityOnly = process.argv.includes('--reliability');
/** R3 to R6 of the reliability suite: every route fuzzed, authorization across users, accounts, roles, plans and aal1, share limits and downloads, forged tokens. */
const RELIABILITY_API_SPECS = 'gateway/test/(fuzz|files|organisation|plans|sharing|auth)\\.api-spec\\.ts';

function jest(projects, env, name, extraArgs = []) {
  const outputFile = path.join(reports, `${name}.json`);
  const result = spawnSync(
    process.execPath,
    [
      '--experimental-vm-modules',
      path.join(ROOT, 'node_modules/jest/bin/jest.js'),
      ...projects.flatMap((p) => ['--selectProjects', p]),
      '--json',
      '--outputFile',
      outputFile,
      ...extraArgs,
    ],
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env, NODE_NO_WARNINGS: '1' } },
  );
  if (fs.existsSync(outputFile)) {
    const r = JSON.parse(fs.readFileSync(outputFile, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + r.numTodoTests;
  }
  if (result.status !== 0) failedSuites.push(name);
}

function playwright(env) {
  const outputFile = path.join(reports, 'e2e.json');
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', '-c', 'e2e/playwright.config.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: outputFile },
  });
  if (fs.existsSync(outputFile)) {
    const stats = JSON.parse(fs.readFileSync(outputFile, 'utf8')).stats;
    totals.passed += stats.expected;
    totals.failed += stats.unexpected + stats.flaky;
    totals.skipped += stats.skipped;
  }
  if (result.status !== 0) failedSuites.push('e2e');
}

const infra = new ProcessGroup({ logDir: path.join(dataDir, 'logs/infra'), quiet: true });
let postgres;
let stack;
try {
  if (!reliabilityOnly) {
    console.log('\n▶ unit, component and service tests (jsdom; NATS, S3, PGlite and PostgreSQL 15 to 17)');
    const natsUrl = await startNats(infra, { port: infraPorts.nats, dataDir: path.join(dataDir, 'infra/nats') });
    const s3Endpoint = await startObjectStorage(infra, { port: infraPorts.s3, dataDir: path.join(dataDir, 'infra/s3'), bucket: 'coffer-files', origins: [] });
    postgres = await startPostgres({ port: infraPorts.postgres, dataDir: path.join(dataDir, 'infra/pg') });
    jest(
      ['unit', 'component', 'service'],
      { COFFER_TEST_NATS_URL: natsUrl, COFFER_TEST_S3_ENDPOINT: s3Endpoint, COFFER_TEST_PG_URL: postgres.url },
      'unit-service',
    );
  }

  console.log('\n▶ api and end-to-end tests (the whole stack on test ports)');
  // The production key path, with a key the tests know so they can mint expired tokens; short lockouts so tests see them lift.
  const jwtPrivateKey = newSigningKeyPem();
  const logDir = path.join(dataDir, 'logs/stack');
  stack = await startStack({
    ports,
    dataDir: path.join(dataDir, 'stack'),
    logDir,
    quiet: true,
    env: { JWT_PRIVATE_KEY: jwtPrivateKey, ...TEST_STACK_ENV },
    testDns: true,
  });
  const stackEnv = {
    COFFER_TEST_GATEWAY_URL: stack.gatewayUrl,
    COFFER_TEST_APP_URL: stack.appUrl,
    COFFER_TEST_PORTS: JSON.stringify(stack.ports),
    COFFER_TEST_DATA_DIR: stack.dataDir,
    COFFER_TEST_LOG_DIR: logDir,
    COFFER_TEST_STACK_S3_ENDPOINT: stack.s3Endpoint,
    COFFER_TEST_STACK_NATS_URL: stack.natsUrl,
    COFFER_TEST_DEV_KEY: stack.devKey,
    COFFER_TEST_JWT_PRIVATE_KEY: jwtPrivateKey,
    COFFER_TEST_DNS_URL: stack.dnsControlUrl,
  };
  if (reliabilityOnly) {
    console.log('\n▶ reliability R3 to R6 (fuzz, authorization, shares, tokens) on the test stack');
    jest(['api'], stackEnv, 'reliability-api', ['--testPathPatterns', RELIABILITY_API_SPECS]);
  } else {
    jest(['api'], stackEnv, 'api');
    playwright(stackEnv);
  }
  // The scenarios that kill services and stop NATS run on a stack of their own, with this one stopped.
  await stack.group.stopAll();
  stack = undefined;
  console.log('\n▶ reliability R1, R2 and the sign-in burst (a stack of their own: services killed, NATS away)');
  jest(['reliability'], {}, 'reliability-scenarios', ['--runInBand']);
  const figures = path.join(reports, 'reliability.json');
  if (fs.existsSync(figures)) console.log(`Reliability figures: ${fs.readFileSync(figures, 'utf8')}`);
} catch (err) {
  console.error(`\nThe test run could not start what it needs: ${err.stack ?? err}`);
  failedSuites.push('setup');
} finally {
  await stack?.group.stopAll();
  postgres?.stop();
  await infra.stopAll();
}

console.log(`\nLogs of this run: ${path.relative(ROOT, path.join(dataDir, 'logs'))}`);
console.log(`${failedSuites.length ? `Failed: ${failedSuites.join(', ')}` : 'All test suites passed.'}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSuites.length ? 1 : 0);
