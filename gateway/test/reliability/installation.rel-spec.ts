import fs from 'node:fs';
import path from 'node:path';
import type { HealthReport, ServiceName } from '@coffer/contracts';
import type { ProcessEntry, Stack } from '../../../deploy/local/stack.mjs';
import { eventually, gatewayUrl } from '../support.js';
import { ownStack, recordFigures } from './own-stack.js';

// A service that lost its data must not start healthy and empty: with its data directory deleted it
// refuses to start and says what is missing and what to do, unless told it is a new installation.

const SECOND = 1000;
let stack: Stack;

beforeAll(async () => {
  stack = await ownStack('installation');
}, 240 * SECOND);
afterAll(async () => {
  await stack?.group.stopAll();
}, 60 * SECOND);

const statusOf = async (service: ServiceName) => {
  const res = await fetch(`${gatewayUrl()}/api/health`).catch(() => undefined);
  return res ? ((await res.json()) as HealthReport).services[service]?.status : undefined;
};

/** Starts the stopped `entry` again with `env` added; resolves once it is up, as the gateway sees it. */
async function startUp(entry: ProcessEntry, env: Record<string, string> = {}) {
  stack.group.startAgain({ ...entry, env: { ...entry.env, ...env } });
  await eventually(async () => (await statusOf(entry.name as ServiceName)) === 'up', 90 * SECOND);
}

const refusals: Record<string, string> = {};

describe.each(['billing', 'sharing'] as const)('%s with its data directory deleted', (service) => {
  it(
    'refuses to start and says which database is missing and what to do; starts with COFFER_NEW_INSTALLATION=true; restarts on its data after',
    async () => {
      // A restart on the same data is no new installation: it starts as before.
      await startUp((await stack.group.stopOne(service))!);

      const stopped = (await stack.group.stopOne(service))!;
      const dir = path.join(stack.dataDir, service);
      fs.rmSync(dir, { recursive: true, force: true });

      const child = stack.group.startAgain(stopped);
      let said = '';
      for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => (said += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('close', (exitCode) => resolve(exitCode)));
      expect(code).not.toBe(0);
      expect(said).toContain(`${service} refuses to start: the ${service} service's database (PGlite in ${dir}) is empty or new`);
      expect(said).toContain('its data is missing');
      expect(said).toContain(`Restore the ${service} database from a backup into PGlite in ${dir}`);
      expect(said).toContain('start it once with COFFER_NEW_INSTALLATION=true');
      expect(await statusOf(service)).toBe('down');
      refusals[service] = code === null ? 'signal' : `exit ${code}`;

      // Told it is a new installation, it starts (empty); then, without the switch, it restarts on that data.
      const refused = (await stack.group.stopOne(service))!;
      await startUp(refused, { COFFER_NEW_INSTALLATION: 'true' });
      await startUp((await stack.group.stopOne(service))!, { COFFER_NEW_INSTALLATION: 'false' });
      recordFigures('installation', refusals);
    },
    300 * SECOND,
  );
});
