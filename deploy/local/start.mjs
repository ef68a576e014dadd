// `npm start` / `npm run dev`: the whole of Coffer on embedded defaults at http://localhost:3000.
import { parseArgs } from 'node:util';
import { buildAll, ensureDebianPackages, ensureNpmPackages, NATS_SERVER } from './ensure.mjs';

const { values: opts } = parseArgs({ options: { watch: { type: 'boolean', default: false } } });

ensureNpmPackages();
ensureDebianPackages([NATS_SERVER]);
buildAll();

const { startStack } = await import('./stack.mjs');
const { startWatchers } = await import('./watch.mjs');
const stack = await startStack({ watch: opts.watch });
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
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
