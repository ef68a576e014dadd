// The whole Coffer stack on one machine: infrastructure, the five services,
// the gateway, the three remotes and the shell. Used by `npm start`, the
// tests and the benchmarks, each with its own ports and data directory.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { portIsFree, ProcessGroup, ROOT, stackMemory, waitForPort } from './processes.mjs';
import { objectStorageArgs, pgBin, startNats, startObjectStorage, startPostgres, startTestDns } from './infra.mjs';

export const SERVICES = ['auth', 'files', 'sharing', 'billing', 'notification'];
export const REMOTES = [
  { name: 'mfe-marketing', federationName: 'coffer_marketing', portKey: 'marketing' },
  { name: 'mfe-files', federationName: 'coffer_files', portKey: 'files' },
  { name: 'mfe-account', federationName: 'coffer_account', portKey: 'account' },
];

/** The ports of `npm start`; tests shift every one of them by an offset. */
export function defaultPorts(offset = 0) {
  return {
    shell: 3000 + offset,
    marketing: 3001 + offset,
    files: 3002 + offset,
    account: 3003 + offset,
    gateway: 4000 + offset,
    nats: 4222 + offset,
    s3: 4569 + offset,
    /** `npm start`'s PostgreSQL server (not 5432: a PostgreSQL of the machine's own may be there), and the tests'. */
    postgres: 4432 + offset,
  };
}

/** The database of `service` on a stack's PostgreSQL server. */
export const databaseName = (service) => `coffer_${service}`;

/**
 * V8 settings of the Node processes on a lean stack (`npm start`, the bench). An idle process keeps its young
 * generation whole, and Node 24 lets it grow to 3 × 32 MB: kept to 1 MB semi-spaces, it holds 30 to 130 MB less
 * per process. The gateway, which builds every response, keeps more (below). With gc()
 * exposed, a service that just created its PGlite database lets go of initdb's memory at once.
 */
export const LEAN_FLAGS = {
  service: ['--max-semi-space-size=1', '--expose-gc'],
  /**
   * The files service answers pages of 100 items: in a 1 MB young generation each page's rows outlived it and were
   * collected again and again (7.5 s of GC in a profile of the list-page bench). 8 MB: ~20 % more pages a second
   * through Coffer, the same idle memory (V8 grows the young generation only under load).
   */
  files: ['--max-semi-space-size=8', '--expose-gc'],
  /**
   * The gateway builds every answer: at 4 MB a fifth of its time on a folder listing was GC (16 MB halved it, and the
   * listing went ~10 % faster). Idle it stays small (the young generation grows under load).
   */
  gateway: ['--max-semi-space-size=16'],
  other: ['--max-semi-space-size=1'],
};
/** Every Node process of a stack: stack traces mapped to the sources, Coffer's own (source-maps.mjs). */
export const SOURCE_MAPS = `--import=${path.join(ROOT, 'deploy/local/source-maps.mjs')}`;

/**
 * Where `npm start` keeps its databases (COFFER_DATABASE=postgres or pglite chooses):
 * - 'postgres', one PostgreSQL server in `<dataDir>/postgres` with a database per service, as in production,
 *   where Debian's PostgreSQL is installed and no PGlite data of an earlier installation is there;
 * - 'pglite', embedded in each service (`<dataDir>/<service>`): without PostgreSQL, and for an installation
 *   that began on PGlite (its data stays where it is; `npm run backup` and `restore` keep it PGlite).
 * Returns the choice and, when PGlite is kept for data of before, the reason.
 */
export function chooseDatabase(dataDir) {
  const forced = process.env.COFFER_DATABASE;
  if (forced === 'postgres' || forced === 'pglite') return { database: forced };
  if (forced) throw new Error(`COFFER_DATABASE must be postgres or pglite, not ${forced}.`);
  if (fs.existsSync(path.join(dataDir, 'postgres'))) return { database: 'postgres' };
  const pglite = SERVICES.filter((service) => fs.existsSync(path.join(dataDir, service)));
  if (pglite.length)
    return { database: 'pglite', reason: `its data is in PGlite (${pglite.map((s) => path.join(path.relative(ROOT, dataDir), s)).join(', ')})` };
  return pgBin() ? { database: 'postgres' } : { database: 'pglite', reason: 'PostgreSQL is not installed (apt-get install postgresql)' };
}

/**
 * The command that serves one remote's build (kept so a test can stop and restart it), keeping
 * the builds it serves in `releases` when given (a tab of an earlier build still finds its chunks).
 */
export function remoteServerArgs(remote, ports, dir = path.join(ROOT, remote.name, 'dist'), releases = undefined) {
  return [
    path.join(ROOT, 'deploy/local/serve-static.mjs'),
    '--dir',
    dir,
    '--port',
    String(ports[remote.portKey]),
    '--cors',
    ...(releases ? ['--releases', releases] : []),
  ];
}

/** Where a stack keeps the earlier builds of one front end (deploy/local/static-releases.mjs). */
export const staticReleasesDir = (dataDir, app) => path.join(dataDir, 'static-releases', app);

/**
 * The command of the front ends' web server (serve-static.mjs, its script and arguments): each remote, and the shell,
 * which proxies the API to the gateway and lets the page use the storage endpoint, each site on its port.
 */
function frontEndsServer(ports, dataDir, s3Endpoint) {
  const remotes = REMOTES.flatMap((r) => ['--remote', `${r.federationName}=http://localhost:${ports[r.portKey]}/mf-manifest.json`]);
  const gateway = `http://127.0.0.1:${ports.gateway}`;
  const shell = [
    '--dir',
    path.join(ROOT, 'shell/dist'),
    '--port',
    String(ports.shell),
    '--spa',
    ...['/api', '/dev', '/.well-known'].flatMap((prefix) => ['--proxy', `${prefix}=${gateway}`]),
    '--allow',
    s3Endpoint,
    '--releases',
    staticReleasesDir(dataDir, 'shell'),
    ...remotes,
  ];
  const [script] = remoteServerArgs(REMOTES[0], ports);
  const sites = [...REMOTES.map((remote) => remoteServerArgs(remote, ports, undefined, staticReleasesDir(dataDir, remote.name)).slice(1)), shell];
  return [script, ...sites.flatMap((site, i) => (i === 0 ? site : ['--', ...site]))];
}

/**
 * Starts everything and resolves once the gateway reports every service up.
 * `serviceEnv` adds settings for one service only (e.g. its own DATABASE_URL).
 * `database: 'postgres'` runs one PostgreSQL server (data in `<dataDir>/postgres`) with a database
 * per service; 'pglite' (the default) embeds PGlite in each service. `lean` is `npm start`'s memory
 * budget for a small machine: S3 served alone and in the front ends' process (threads.mjs), the services' V8
 * young generation small (the gateway's is left larger: its requests' throughput).
 * Returns the process group (to stop it: the PostgreSQL server too), the URLs, the ports and `memory()`.
 */
export async function startStack({
  ports = defaultPorts(),
  dataDir = path.join(ROOT, '.data'),
  logDir,
  quiet = false,
  env = {},
  serviceEnv = {},
  watch = false,
  database = 'pglite',
  lean = false,
  testDns = false,
} = {}) {
  const busy = [];
  for (const [name, port] of Object.entries(ports)) if (name !== 'postgres' && !(await portIsFree(port))) busy.push(`${name} (${port})`);
  if (busy.length) throw new Error(`Coffer cannot start: these ports are in use: ${busy.join(', ')}. Is Coffer already running?`);
  const group = new ProcessGroup({ logDir, quiet });
  const appUrl = `http://localhost:${ports.shell}`;
  try {
    const natsUrl = process.env.NATS_URL ?? (await startNats(group, { port: ports.nats, dataDir: path.join(dataDir, 'nats') }));
    const s3Endpoint = process.env.S3_ENDPOINT ?? `http://127.0.0.1:${ports.s3}`;
    const storage = !process.env.S3_ENDPOINT && {
      port: ports.s3,
      dataDir: path.join(dataDir, 's3'),
      bucket: process.env.S3_BUCKET ?? 'coffer-files',
      origins: [appUrl, `http://127.0.0.1:${ports.shell}`],
    };
    const frontEnds = frontEndsServer(ports, dataDir, s3Endpoint);
    if (lean) {
      // One Node runtime for S3 (one worker: it serves alone) and the front ends, a thread each (threads.mjs).
      const servers = [...(storage ? [objectStorageArgs(storage)] : []), frontEnds];
      const threads = path.join(ROOT, 'deploy/local/threads.mjs');
      const child = group.start('servers', process.execPath, [...LEAN_FLAGS.other, threads, JSON.stringify(servers)], { env: { COFFER_S3_WORKERS: '1' } });
      if (storage) await waitForPort(ports.s3, { name: 's3rver', child });
    } else if (storage) await startObjectStorage(group, storage);
    let postgres;
    if (database === 'postgres') {
      postgres = await startPostgres({ port: ports.postgres, dataDir: path.join(dataDir, 'postgres'), keep: true });
      group.onStop(() => postgres.stop());
      serviceEnv = Object.fromEntries(
        SERVICES.map((service) => [service, { DATABASE_URL: postgres.createDatabase(databaseName(service)), ...serviceEnv[service] }]),
      );
    }
    // Tests: a DNS server of their own (dns-test-server.mjs) answers the TXT records that verify SSO domains.
    const dns = testDns ? await startTestDns(group, ports.gateway + 1300) : undefined;
    const common = { NATS_URL: natsUrl, DATA_DIR: dataDir, S3_ENDPOINT: s3Endpoint, APP_URL: appUrl, ...(dns && { DNS_SERVERS: dns.server }), ...env };
    // The key to /dev/mail and /dev/clock for this run only: whoever started it (or its tests) holds it.
    const devKey = env.DEV_KEY ?? randomBytes(24).toString('base64url');
    const node = (script, flags = []) => [...flags, ...(watch ? ['--watch-path', path.dirname(script)] : []), SOURCE_MAPS, script];

    for (const service of SERVICES) {
      group.start(
        service,
        process.execPath,
        node(path.join(ROOT, 'services', service, 'dist/main.js'), lean ? (LEAN_FLAGS[service] ?? LEAN_FLAGS.service) : []),
        {
          env: { ...common, ...serviceEnv[service] },
        },
      );
    }
    const gateway = group.start('gateway', process.execPath, node(path.join(ROOT, 'gateway/dist/main.js'), lean ? LEAN_FLAGS.gateway : []), {
      env: { ...common, GATEWAY_PORT: String(ports.gateway), DEV_KEY: devKey },
    });
    if (!lean) group.start('front-ends', process.execPath, frontEnds);

    await waitForPort(ports.gateway, { name: 'gateway', child: gateway });
    await waitForHealthy(`http://127.0.0.1:${ports.gateway}/api/health`);
    await Promise.all([ports.shell, ports.marketing, ports.files, ports.account].map((p) => waitForPort(p)));
    /** The memory (bytes, proportional and resident: stackMemory) of every process of the stack: NATS, S3, PostgreSQL, the apps. */
    const memory = () => stackMemory([...group.children.map((c) => c.child.pid), ...(postgres ? [postgres.pid()] : [])]);
    const dnsControlUrl = dns?.controlUrl;
    return { group, ports, appUrl, gatewayUrl: `http://127.0.0.1:${ports.gateway}`, natsUrl, s3Endpoint, dataDir, devKey, database, memory, dnsControlUrl };
  } catch (err) {
    await group.stopAll();
    throw err;
  }
}

/** Polls /api/health until every service answers (COFFER_START_TIMEOUT_MS: longer on a busy machine). */
export async function waitForHealthy(url, timeoutMs = Number(process.env.COFFER_START_TIMEOUT_MS ?? 180_000)) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      const body = await res.json();
      if (body.status === 'ok') return body;
      last = JSON.stringify(body.services);
    } catch (err) {
      last = String(err);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`Coffer did not become healthy within ${timeoutMs / 1000}s: ${last}`);
}

/**
 * The port offset of a test run: 10000 unless COFFER_TEST_PORT_OFFSET says
 * otherwise, so two test runs on one machine need not collide.
 */
export function testPortOffset() {
  return Number(process.env.COFFER_TEST_PORT_OFFSET ?? 10000);
}

/** Where a test run keeps its data and logs: `.data-test`, or `.data-test-<offset>` for another offset. */
export function testDataDir() {
  const offset = testPortOffset();
  return path.join(ROOT, offset === 10000 ? '.data-test' : `.data-test-${offset}`);
}

/** Settings of the stacks tests start: lockouts short enough to watch them lift. */
export const TEST_STACK_ENV = {
  AUTH_LOCKOUT_SECONDS: '4',
  AUTH_LOCKOUT_THRESHOLD: '5',
  AUTH_IP_LOCKOUT_THRESHOLD: '40',
  // Test suites sign many users up from one address.
  AUTH_SIGNUP_IP_THRESHOLD: '100000',
  AUTH_SSO_START_IP_THRESHOLD: '100000',
  // single-sign-on.api-spec.ts proves it from an address of its own (X-Forwarded-For).
  AUTH_SSO_LOOKUP_IP_THRESHOLD: '200',
  // Every request of a run comes from 127.0.0.1; the service tests prove these limits.
  CONTACT_REQUESTS_PER_IP_PER_HOUR: '100000',
  // Stripe's webhooks are verified (and tested with the package's signed payloads); checkout stays the placeholder, with no API key.
  STRIPE_WEBHOOK_SECRET: 'whsec_coffer_test_stack',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
};

/** A fresh ES256 signing key (PKCS#8 PEM): tests pass it as JWT_PRIVATE_KEY so they can mint tokens the gateway trusts. */
export function newSigningKeyPem() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}
