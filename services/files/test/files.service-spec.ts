import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { INestMicroservice } from '@nestjs/common';
import { AuthEvent, FilesSubject, type CallerIdentity, type ListFilesReply, type UserRegistered } from '@coffer/contracts';
import { EventBus, loadConfig, runService } from '@coffer/server-core';
import { DATABASE_KINDS, eventually, freshDatabase, newCaller, TestCaller, testInfra } from '@coffer/server-core/testing';
import { AppModule } from '../src/app.module.js';
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
});
