import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { INestMicroservice } from '@nestjs/common';
import { AuthEvent, FilesSubject, type CallerIdentity, type ListFilesReply, type UserRegistered } from '@coffer/contracts';
import { EventBus, loadConfig, runService } from '@coffer/server-core';
import { DATABASE_KINDS, eventually, freshDatabase, newCaller, TestCaller, testInfra } from '@coffer/server-core/testing';
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { AppModule } from '../src/app.module.js';
import { FilesRepository } from '../src/files/files.repository.js';
import { FilesService } from '../src/files/files.service.js';
import { filesConfigSchema } from '../src/config.js';

Logger.overrideLogger(false);

describe.each(DATABASE_KINDS)('files service on %s', (kind) => {
  let env: Record<string, string | undefined>;
  let app: INestMicroservice | undefined;
  let caller: TestCaller;
  let publisher: EventBus;

  const start = async () => {
    const config = loadConfig(filesConfigSchema, { ...env, NODE_ENV: 'test', LOG_LEVEL: 'error' });
    app = await runService('files', config, AppModule.forConfig(config));
  };
  const stop = async () => {
    await app?.close();
    app = undefined;
  };
  const register = async (user: CallerIdentity, eventId: string = randomUUID()) =>
    publisher.publish<UserRegistered>(AuthEvent.UserRegistered, {
      id: eventId,
      accountId: user.accountId,
      actorId: user.userId,
      payload: { userId: user.userId, accountId: user.accountId, email: `${user.userId}@example.com`, fullName: 'Test User' },
    });
  const rootOf = (user: CallerIdentity) => caller.request<ListFilesReply>(FilesSubject.ListFiles, { folder: 'root' }, user);

  beforeAll(async () => {
    const { natsUrl, s3Endpoint } = testInfra();
    env = { ...(await freshDatabase(kind)), NATS_URL: natsUrl, S3_ENDPOINT: s3Endpoint, S3_BUCKET: `files-test-${kind}` };
    publisher = await EventBus.connect({ natsUrl, consumer: 'files-test-publisher', logger: new Logger('test') });
    caller = new TestCaller();
    await start();
  });
  afterAll(async () => {
    await stop();
    await caller.close();
    await publisher.close();
  });

  it("creates a new user's four default folders from the registration event", async () => {
    const user = newCaller();
    await register(user);
    const root = await eventually(async () => {
      const reply = await rootOf(user);
      return reply.items.length === 4 && reply;
    });
    expect(root.items.map((i) => i.name)).toEqual(['Documents', 'Images', 'Projects', 'Invoices']);
    expect(root.items.every((i) => i.isFolder && i.size === 0 && i.folderId === 'root')).toBe(true);
  });

  it("never shows one user another user's folders", async () => {
    const owner = newCaller();
    await register(owner);
    await eventually(async () => (await rootOf(owner)).items.length === 4);
    const stranger = newCaller();
    expect((await rootOf(stranger)).items).toEqual([]);
  });

  it('refuses a request without a caller, and a malformed folder', async () => {
    await expect(caller.request(FilesSubject.ListFiles, { folder: 'root' })).rejects.toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });
    await expect(caller.request(FilesSubject.ListFiles, { folder: '../etc' }, newCaller())).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      status: 400,
    });
  });

  it('catches up on registrations published while it was stopped, without doubling folders', async () => {
    await stop();
    const users = [newCaller(), newCaller(), newCaller()];
    const eventIds = await Promise.all(users.map(async (u) => (await register(u)).id));
    await start();
    for (const user of users) await eventually(async () => (await rootOf(user)).items.length === 4);

    // The same registration again (a redelivery) changes nothing.
    await register(users[0], eventIds[0]);
    const marker = newCaller();
    await register(marker);
    await eventually(async () => (await rootOf(marker)).items.length === 4);
    for (const user of users) expect((await rootOf(user)).items).toHaveLength(4);
  });

  it('purges exactly the items trashed over 30 days ago, rows and objects, and abandoned upload slots', async () => {
    const user = newCaller();
    const files = app!.get(FilesService);
    const repository = app!.get(FilesRepository);
    const s3 = new S3Client({
      endpoint: testInfra().s3Endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    const bucket = `files-test-${kind}`;
    const put = (key: string) => s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'data' }));
    const exists = (key: string) =>
      s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).then(
        () => true,
        () => false,
      );

    const day = 86400_000;
    const make = async (name: string, trashedDaysAgo: number | null) => {
      const key = `${user.userId}/${name}`;
      await put(key);
      const row = await repository.transaction((tx) =>
        repository.insertFile(tx, { userId: user.userId, accountId: user.accountId, name, size: 4, storagePath: key, mimeType: 'text/plain', folder: 'root' }),
      );
      if (trashedDaysAgo !== null) {
        await repository.transaction((tx) => repository.update(tx, user.userId, row.id, { deletedAt: new Date(Date.now() - trashedDaysAgo * day) }));
      }
      return { id: row.id, key };
    };
    const old = await make('old.txt', 31);
    const recent = await make('recent.txt', 29);
    const kept = await make('kept.txt', null);
    const abandonedKey = `${user.userId}/abandoned.txt`;
    await put(abandonedKey);
    await repository.transaction((tx) =>
      repository.insertUpload(tx, {
        userId: user.userId,
        accountId: user.accountId,
        name: 'abandoned.txt',
        mimeType: 'text/plain',
        folder: 'root',
        declaredSize: 4,
        storagePath: abandonedKey,
        expiresAt: new Date(Date.now() - 1000),
      }),
    );

    expect(await files.purge()).toBe(1);
    expect(await repository.find(user.userId, old.id)).toBeUndefined();
    expect(await exists(old.key)).toBe(false);
    expect(await exists(abandonedKey)).toBe(false);
    expect(await repository.find(user.userId, recent.id)).toBeDefined();
    expect(await exists(recent.key)).toBe(true);
    expect(await repository.find(user.userId, kept.id)).toBeDefined();
    expect(await exists(kept.key)).toBe(true);
    s3.destroy();
  });
});
