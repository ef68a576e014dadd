#!/usr/bin/env node
// Servers of a local stack in one process, each in a worker thread with its own arguments: the front ends'
// web server (serve-static.mjs, every site) and, on the lean stack, the embedded S3 (object-storage.mjs).
// They share one Node runtime (a process each held 45 to 60 MB more). Argument: a JSON array with each server's
// script and arguments. Ends when any server ends, and ends them all on SIGTERM or SIGINT.
import { Worker } from 'node:worker_threads';

const servers = JSON.parse(process.argv[2] ?? '[]');
const workers = servers.map(([script, ...argv]) => {
  const worker = new Worker(script, { argv });
  worker.on('error', (err) => {
    console.error(`${script} ${argv.join(' ')}: ${err.stack ?? err}`);
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
