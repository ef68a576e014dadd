import { openDatabase, Repository, type DatabaseHandle } from '../src/index.js';
import { freshDatabase } from '../src/testing.js';

/** Any repository: scheduled work (trash purge, trial expiry) runs through `exclusively`. */
class Jobs extends Repository {}

describe('scheduled work on several replicas of a service', () => {
  let replicas: DatabaseHandle<Record<string, unknown>>[];

  beforeAll(async () => {
    // Two processes of one service: two pools on the same PostgreSQL database.
    const target = await freshDatabase('postgres');
    replicas = await Promise.all(
      [0, 1].map(() => openDatabase({ service: 'scheduled-work-test', schema: {}, databaseUrl: target.DATABASE_URL, dataDir: target.DATA_DIR })),
    );
  });
  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.close()));
  });

  it('runs on one replica at a time: while one works, the other skips its turn; once done, the next turn runs', async () => {
    const [first, second] = replicas.map((replica) => new Jobs(replica.db));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let started!: () => void;
    const working = new Promise<void>((resolve) => (started = resolve));
    const firstRun = first.exclusively('coffer-test-job', async () => {
      started();
      await finished;
      return 'first';
    });
    await working;
    // The same job on the other replica, and again on the first: both skip while it runs.
    await expect(second.exclusively('coffer-test-job', async () => 'second')).resolves.toBeUndefined();
    await expect(first.exclusively('coffer-test-job', async () => 'again')).resolves.toBeUndefined();
    // Another job is not held up.
    await expect(second.exclusively('coffer-other-job', async () => 'other')).resolves.toBe('other');
    finish();
    await expect(firstRun).resolves.toBe('first');
    await expect(second.exclusively('coffer-test-job', async () => 'second')).resolves.toBe('second');
  });
});
