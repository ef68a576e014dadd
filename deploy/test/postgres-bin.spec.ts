// Which PostgreSQL server `npm start`, the backups and the tests run (deploy/local/infra.mjs):
// Debian's 15, 16 or 17, whichever its release installed, the newest when several are.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pgBin } from '../local/infra.mjs';

let root: string;
const install = (...versions: number[]) => {
  for (const v of versions) {
    fs.mkdirSync(path.join(root, String(v), 'bin'), { recursive: true });
    fs.writeFileSync(path.join(root, String(v), 'bin', 'initdb'), '');
  }
};
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'coffer-pg-bin-'));
  delete process.env.COFFER_PG_BIN;
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

it.each([
  [[15], 15],
  [[16], 16],
  [[17], 17],
  [[15, 17], 17],
  [[14, 16], 16],
])('finds the server among the versions %j installed: %i', (versions, chosen) => {
  install(...versions);
  expect(pgBin(root)).toBe(path.join(root, String(chosen), 'bin'));
});

it('finds none when only an unsupported version (14) or a client without its server is installed', () => {
  install(14);
  fs.mkdirSync(path.join(root, '16', 'bin'), { recursive: true });
  expect(pgBin(root)).toBeUndefined();
});
