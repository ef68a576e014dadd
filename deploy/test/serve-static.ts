// The local front-end server (deploy/local/serve-static.mjs) started on a free port, for the tests of what it serves.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVE_STATIC = fileURLToPath(new URL('../local/serve-static.mjs', import.meta.url));

/** Starts serve-static.mjs with `args` (`--port 0` is added) and returns its URL and process, once it listens. */
export function serveStatic(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [SERVE_STATIC, ...args, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const port = /on http:\/\/[^:]+:(\d+)/.exec(chunk.toString())?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}`, child });
    });
    child.on('exit', (code) => reject(new Error(`serve-static exited with ${code}`)));
  });
}
