// jest globalSetup of the api tests: the whole stack on test ports, unless
// `npm test` already started it and said where (COFFER_TEST_GATEWAY_URL).
import fs from 'node:fs';
import path from 'node:path';
import { defaultPorts, startStack, testDataDir, testPortOffset } from './stack.mjs';

export default async function setup() {
  if (process.env.COFFER_TEST_GATEWAY_URL) return;
  const dataDir = path.join(testDataDir(), 'jest-stack');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const stack = await startStack({ ports: defaultPorts(testPortOffset() + 20000), dataDir, logDir: path.join(dataDir, 'logs'), quiet: true });
  process.env.COFFER_TEST_GATEWAY_URL = stack.gatewayUrl;
  process.env.COFFER_TEST_APP_URL = stack.appUrl;
  globalThis.__cofferStack = () => stack.group.stopAll();
}
