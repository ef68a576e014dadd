import fs from 'node:fs';
import path from 'node:path';
import { defaultPorts, startStack, testDataDir, testPortOffset, TEST_STACK_ENV } from '../deploy/local/stack.mjs';

/** When run alone, starts the stack on test ports and returns its teardown. */
export default async function globalSetup() {
  if (process.env.COFFER_TEST_APP_URL) return undefined;
  const dataDir = path.join(testDataDir(), 'e2e-stack');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const stack = await startStack({
    ports: defaultPorts(testPortOffset()),
    dataDir,
    logDir: path.join(dataDir, 'logs'),
    quiet: true,
    env: TEST_STACK_ENV,
    testDns: true,
  });
  process.env.COFFER_TEST_APP_URL = stack.appUrl;
  process.env.COFFER_TEST_LOG_DIR = path.join(dataDir, 'logs');
  process.env.COFFER_TEST_GATEWAY_URL = stack.gatewayUrl;
  process.env.COFFER_TEST_PORTS = JSON.stringify(stack.ports);
  process.env.COFFER_TEST_DEV_KEY = stack.devKey;
  process.env.COFFER_TEST_DNS_URL = stack.dnsControlUrl;
  return () => stack.group.stopAll();
}
