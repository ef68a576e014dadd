// jest globalSetup of the api tests: the whole stack on test ports, unless
// `npm test` already started it and said where (COFFER_TEST_GATEWAY_URL).
import fs from 'node:fs';
import path from 'node:path';
import { defaultPorts, startStack, testDataDir, testPortOffset, TEST_STACK_ENV, newSigningKeyPem } from './stack.mjs';

export default async function setup() {
  if (process.env.COFFER_TEST_GATEWAY_URL) return;
  const dataDir = path.join(testDataDir(), 'jest-stack');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const jwtPrivateKey = newSigningKeyPem();
  const stack = await startStack({
    ports: defaultPorts(testPortOffset() + 20000),
    dataDir,
    logDir: path.join(dataDir, 'logs'),
    quiet: true,
    env: { ...TEST_STACK_ENV, JWT_PRIVATE_KEY: jwtPrivateKey },
    testDns: true,
  });
  process.env.COFFER_TEST_GATEWAY_URL = stack.gatewayUrl;
  process.env.COFFER_TEST_APP_URL = stack.appUrl;
  process.env.COFFER_TEST_LOG_DIR = path.join(dataDir, 'logs');
  process.env.COFFER_TEST_JWT_PRIVATE_KEY = jwtPrivateKey;
  process.env.COFFER_TEST_STACK_S3_ENDPOINT = stack.s3Endpoint;
  process.env.COFFER_TEST_DATA_DIR = stack.dataDir;
  process.env.COFFER_TEST_STACK_NATS_URL = stack.natsUrl;
  process.env.COFFER_TEST_DEV_KEY = stack.devKey;
  process.env.COFFER_TEST_DNS_URL = stack.dnsControlUrl;
  globalThis.__cofferStack = () => stack.group.stopAll();
}
