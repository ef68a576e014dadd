// `npm start` / `npm run dev`: the whole of Coffer on embedded defaults at http://localhost:3000.
// Its databases: one PostgreSQL server where Debian's is installed, else PGlite in each service (stack.mjs: chooseDatabase).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildAll, ensureDebianPackages, ensureNode, ensureNpmPackages, NATS_SERVER } from './ensure.mjs';

const { values: opts } = parseArgs({ options: { watch: { type: 'boolean', default: false } } });

ensureNpmPackages();
await ensureNode();
ensureDebianPackages([NATS_SERVER]);
buildAll();

const { ROOT } = await import('./processes.mjs');
const { chooseDatabase, startStack } = await import('./stack.mjs');
const { claimInstallation } = await import('./backup.mjs');
const { startWatchers } = await import('./watch.mjs');
const dataDir = path.join(ROOT, '.data');
const { database, reason } = chooseDatabase(dataDir);
console.log(
  database === 'postgres'
    ? 'Databases: one PostgreSQL server in .data/postgres, a database per service.'
    : `Databases: PGlite embedded in each service (.data/<service>): ${reason ?? 'COFFER_DATABASE=pglite'}.`,
);
// Backups and restores wait for this run to stop: they need the data at rest.
const release = claimInstallation(dataDir);
let stack;
try {
  stack = await startStack({ dataDir, watch: opts.watch, database, lean: true });
} catch (err) {
  release();
  throw err;
}
if (opts.watch) startWatchers(stack.group);
console.log(
  `\n  Coffer is running at ${stack.appUrl}\n  API health: ${stack.appUrl}/api/health\n  Captured emails (this run's key, keep it to yourself): ${stack.appUrl}/dev/mail?key=${stack.devKey}\n  Press Ctrl-C to stop.\n`,
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nStopping Coffer…');
  await stack.group.stopAll();
  release();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
