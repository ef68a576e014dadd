// jest globalSetup of the service tests: NATS, S3 and a PostgreSQL 15 server,
// unless `npm test` already started them and said where (COFFER_TEST_* vars).
import path from 'node:path';
import { ProcessGroup, ROOT } from './processes.mjs';
import { startNats, startObjectStorage, startPostgres } from './infra.mjs';

export default async function setup() {
  if (process.env.COFFER_TEST_NATS_URL) return;
  const dir = path.join(ROOT, '.data-test/jest-infra');
  const group = new ProcessGroup({ logDir: path.join(dir, 'logs'), quiet: true });
  process.env.COFFER_TEST_NATS_URL = await startNats(group, { port: 24222, dataDir: path.join(dir, 'nats') });
  process.env.COFFER_TEST_S3_ENDPOINT = await startObjectStorage(group, { port: 24569, dataDir: path.join(dir, 's3'), bucket: 'coffer-files', origins: [] });
  const postgres = await startPostgres({ port: 25432, dataDir: path.join(dir, 'pg') });
  process.env.COFFER_TEST_PG_URL = postgres.url;
  globalThis.__cofferInfra = async () => {
    postgres.stop();
    await group.stopAll();
  };
}
