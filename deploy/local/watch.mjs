// `npm run dev`: rebuild on change. Services and the gateway restart through
// `node --watch-path` on their dist; front ends rebuild with `rspack build --watch`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './processes.mjs';
import { REMOTES, SERVICES } from './stack.mjs';

export function startWatchers(group) {
  const swc = path.join(ROOT, 'node_modules/@swc/cli/bin/swc.js');
  const rspack = path.join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js');
  const serverDirs = [...SERVICES.map((s) => `services/${s}`), 'gateway', 'libs/server-core', 'libs/contracts'];
  for (const dir of serverDirs) {
    group.start(
      `watch:${path.basename(dir)}`,
      process.execPath,
      [swc, 'src', '-d', 'dist', '--strip-leading-paths', '--config-file', path.join(ROOT, '.swcrc'), '-w', '-q'],
      {
        cwd: path.join(ROOT, dir),
      },
    );
  }
  for (const app of ['shell', ...REMOTES.map((r) => r.name)]) {
    group.start(`watch:${app}`, process.execPath, [rspack, 'build', '--watch'], { cwd: path.join(ROOT, app) });
  }
}
