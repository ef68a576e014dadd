#!/usr/bin/env node
// The front ends' web servers in one process: serve-static.mjs once per site, each in a worker
// thread with its own arguments, so the shell and the three remotes share one Node runtime
// (a process each held ~45 MB). Argument: a JSON array with each site's serve-static.mjs arguments.
// Ends when any site ends, and ends them all on SIGTERM or SIGINT.
import path from 'node:path';
import { Worker } from 'node:worker_threads';

const sites = JSON.parse(process.argv[2] ?? '[]');
const script = path.join(import.meta.dirname, 'serve-static.mjs');
const workers = sites.map((argv) => {
  const worker = new Worker(script, { argv });
  worker.on('error', (err) => {
    console.error(`${argv.join(' ')}: ${err.stack ?? err}`);
    process.exit(1);
  });
  worker.on('exit', (code) => {
    if (!stopping) process.exit(code || 1);
  });
  return worker;
});
let stopping = false;
const stop = async () => {
  stopping = true;
  await Promise.all(workers.map((w) => w.terminate()));
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
