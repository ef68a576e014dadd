import fs from 'node:fs';
import path from 'node:path';
import { defaultPorts, newSigningKeyPem, startStack, testDataDir, testPortOffset, TEST_STACK_ENV, type Stack } from '../../../deploy/local/stack.mjs';

/**
 * A whole stack of the reliability suite's own, on ports of its own (it kills services and stops NATS,
 * which no other test must see); the api test helpers (support.ts) are pointed at it. It starts empty,
 * unless `keepData` (again on what a stack of that name left); `database: 'postgres'` and `lean` as `npm start`.
 */
export async function ownStack(
  name: string,
  { database, lean, keepData = false }: { database?: 'postgres' | 'pglite'; lean?: boolean; keepData?: boolean } = {},
): Promise<Stack> {
  const dataDir = ownStackDataDir(name);
  if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  const stack = await startStack({
    ports: defaultPorts(testPortOffset() + 5000),
    dataDir,
    logDir: path.join(dataDir, 'logs'),
    quiet: true,
    database,
    lean,
    env: { ...TEST_STACK_ENV, JWT_PRIVATE_KEY: newSigningKeyPem() },
  });
  Object.assign(process.env, {
    COFFER_TEST_APP_URL: stack.appUrl,
    COFFER_TEST_GATEWAY_URL: stack.gatewayUrl,
    COFFER_TEST_DEV_KEY: stack.devKey,
    COFFER_TEST_STACK_S3_ENDPOINT: stack.s3Endpoint,
  });
  return stack;
}

/** Where the stack `ownStack(name)` keeps its data. */
export const ownStackDataDir = (name: string) => path.join(testDataDir(), `reliability-${name}`);

/** Keeps one scenario's figures for the README's "Reliability" table, in `.data-test/reports/reliability.json`. */
export function recordFigures(scenario: string, figures: Record<string, number | string>) {
  const file = path.join(testDataDir(), 'reports', 'reliability.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const all = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  all[scenario] = figures;
  fs.writeFileSync(file, JSON.stringify(all, null, 2));
}

/** Runs `jobs` with at most `width` at once. */
export async function inParallel<T>(jobs: Array<() => Promise<T>>, width: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, jobs.length) }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]();
      }
    }),
  );
  return results;
}
