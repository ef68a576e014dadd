// jest globalSetup of the service tests: NATS, S3 and a PostgreSQL (15 to 17) server,
// unless `npm test` already started them and said where (COFFER_TEST_* vars).
import fs from 'node:fs';
import path from 'node:path';
import { ProcessGroup } from './processes.mjs';
import { defaultPorts, testDataDir, testPortOffset } from './stack.mjs';
import { startNats, startObjectStorage, startPostgres } from './infra.mjs';

export default async function setup() {
  if (process.env.COFFER_TEST_NATS_URL) return;
  const dir = path.join(testDataDir(), 'jest-infra');
  const ports = defaultPorts(testPortOffset() + 10000);
  // Every run starts from empty NATS and S3, as `npm test` does: events a previous run left unconsumed
  // would otherwise reach this run's services first (a durable consumer resumes where it stopped).
  for (const data of ['nats', 's3']) fs.rmSync(path.join(dir, data), { recursive: true, force: true });
  const group = new ProcessGroup({ logDir: path.join(dir, 'logs'), quiet: true });
  let postgres;
  try {
    process.env.COFFER_TEST_NATS_URL = await startNats(group, { port: ports.nats, dataDir: path.join(dir, 'nats') });
    process.env.COFFER_TEST_S3_ENDPOINT = await startObjectStorage(group, {
      port: ports.s3,
      dataDir: path.join(dir, 's3'),
      bucket: 'coffer-files',
      origins: [],
    });
    postgres = await startPostgres({ port: ports.postgres, dataDir: path.join(dir, 'pg') });
  } catch (err) {
    // What started is stopped again: left running, it would hold its port and fail the next run too.
    await group.stopAll();
    throw err;
  }
  process.env.COFFER_TEST_PG_URL = postgres.url;
  globalThis.__cofferInfra = async () => {
    postgres.stop();
    await group.stopAll();
  };
}
