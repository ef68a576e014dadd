// The local front-end server (deploy/local/serve-static.mjs) started on free ports, for the tests of what it serves.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVE_STATIC = fileURLToPath(new URL('../local/serve-static.mjs', import.meta.url));

/**
 * Starts serve-static.mjs with `args` (`--port 0` is added: to the last site when several are separated by `--`) and
 * returns its process and its sites' URLs (`url`: the first), once every site listens.
 */
export function serveStatic(args: string[]): Promise<{ url: string; urls: string[]; child: ChildProcess }> {
  const child = spawn(process.execPath, [SERVE_STATIC, ...args, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const sites = args.filter((arg) => arg === '--').length + 1;
  const urls: string[] = [];
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      for (const [, port] of chunk.toString().matchAll(/on http:\/\/[^:]+:(\d+)/g)) urls.push(`http://127.0.0.1:${port}`);
      if (urls.length === sites) resolve({ url: urls[0], urls, child });
    });
    child.on('exit', (code) => reject(new Error(`serve-static exited with ${code}`)));
  });
}
