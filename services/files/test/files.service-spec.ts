import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { INestMicroservice } from '@nestjs/common';
import {
  AccountEvent,
  AuthEvent,
  BillingSubject,
  FilesEvent,
  FilesSubject,
  handedOverFolderName,
  isMultipartUpload,
  LIST_CHANGED,
  personalDataInventorySubject,
  SORT_ORDERS,
  type AccountPlan,
  type CallerIdentity,
  type FileItem,
  type FilesEvents,
  type NewUpload,
  type SortOrder,
  type UploadSlot,
} from '@coffer/contracts';
import { planFeatures } from '@coffer/plans';
import { DATABASE, EventBus, loadConfig, openDatabase, runService, ServiceRequester, UnitOfWork, type Database } from '@coffer/server-core';
import { DATABASE_KINDS, eventually, freshDatabase, newCaller, TestCaller, testInfra } from '@coffer/server-core/testing';
import { HeadObjectCommand, PutObjectCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { AppModule, MIGRATIONS_FOLDER } from '../src/app.module.js';
import { eq, sql } from 'drizzle-orm';
import { files, type FileRow } from '../src/db/schema.js';
import { FilesRepository } from '../src/files/files.repository.js';
import { PersonalDataRepository } from '../src/personal-data/personal-data.repository.js';
import { PersonalDataService } from '../src/personal-data/personal-data.service.js';
import { filesConfigSchema } from '../src/config.js';
import { ObjectStorage } from '../src/storage/object-storage.js';
import { TrashService } from '../src/trash/trash.service.js';
import { UploadsRepository } from '../src/uploads/uploads.repository.js';
import { VersionsRepository } from '../src/versions/versions.repository.js';
import { VersionsService } from '../src/versions/versions.service.js';

/** What billing answers every account in these tests: a plan of 1000 bytes, small enough to fill. */
const PLAN: AccountPlan = {
  planType: 'starter',
  status: 'trial',
  trialEndDate: null,
  storageLimitBytes: 1000,
  features: { ...planFeatures('trial'), storageLimit: 1000 },
};

/** A small file's upload: one presigned PUT (it fails the test otherwise). */
function onePut(upload: NewUpload): UploadSlot {
  if (isMultipartUpload(upload)) throw new Error(`Expected one PUT, got a multipart upload of ${upload.size} bytes`);
  return upload;
}

/** Accounts a test put on another plan than PLAN (by account id). */
const PLANS = new Map<string, AccountPlan>();

/**
 * Billing is another service: the files service's one requester answers its
 * plan question here, and passes every other request on.
 */
function answerPlanQuestions(requester: ServiceRequester) {
  const send = requester.request.bind(requester);
  requester.request = ((subject, payload, meta, timeoutMs) =>
    subject === BillingSubject.GetPlan
      ? Promise.resolve(PLANS.get(meta?.caller?.accountId ?? '') ?? PLAN)
      : send(subject, payload, meta, timeoutMs)) as ServiceRequester['request'];
}

Logger.overrideLogger(false);

describe.each(DATABASE_KINDS)('files service on %s', (kind) => {
  let env: Record<string, string | undefined>;
  let app: INestMicroservice | undefined;
  /** The running service's unit of work, and its database for the rows a test writes or reads itself. */
  const unit = { run: <T>(work: () => Promise<T>) => app!.get(UnitOfWork).run(work) };
  const db = () => app!.get<Database>(DATABASE);
  let caller: TestCaller;
  let publisher: EventBus;
  let s3: S3Client;
  const bucket = `files-test-${kind}`;

  const start = async () => {
    const config = loadConfig(filesConfigSchema, { ...env, NODE_ENV: 'test', LOG_LEVEL: 'error' });
    app = await runService('files', config, AppModule.forConfig(config));
    answerPlanQuestions(app.get(ServiceRequester));
  };
  const stop = async () => {
    await app?.close();
    app = undefined;
  };
  const register = async (user: CallerIdentity, eventId: string = randomUUID()) =>
    publisher.publish(AuthEvent.UserRegistered, {
      id: eventId,
      accountId: user.accountId,
      actorId: user.userId,
      payload: { userId: user.userId, accountId: user.accountId, email: `${user.userId}@example.com`, fullName: 'Test User' },
    });
  const rootOf = (user: CallerIdentity) => caller.request(FilesSubject.ListFiles, { folder: 'root' }, user);
  const exists = (key: string) =>
    s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).then(
      () => true,
      () => false,
    );
  /** The object key of an upload slot, from its presigned URL (path style: /bucket/key). */
  const keyOf = (url: string) => decodeURIComponent(new URL(url).pathname).split('/').slice(2).join('/');

  beforeAll(async () => {
    const { natsUrl, s3Endpoint } = testInfra();
    env = { ...(await freshDatabase(kind)), NATS_URL: natsUrl, S3_ENDPOINT: s3Endpoint, S3_BUCKET: `files-test-${kind}` };
    publisher = await EventBus.connect({ nats: natsUrl, consumer: 'files-test-publisher', logger: new Logger('test') });
    caller = new TestCaller();
    s3 = new S3Client({ endpoint: s3Endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    await start();
  });
  afterAll(async () => {
    await stop();
    await caller.close();
    await publisher.close();
    s3.destroy();
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
    await expect(caller.requestUnchecked(FilesSubject.ListFiles, { folder: '../etc' }, newCaller())).rejects.toMatchObject({
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

  it('finds any of 6,000 folders by name for the pickers, with its path, and says how many match beyond those shown', async () => {
    const user = newCaller();
    const repository = app!.get(FilesRepository);
    // 60 clients, each with 99 project folders inside it (one of them two levels deeper).
    const clients = Array.from({ length: 60 }, (_, c) => ({ id: randomUUID(), name: `Client ${String(c).padStart(2, '0')}` }));
    const folder = (id: string, name: string, parent: string) => ({
      id,
      userId: user.userId,
      addedBy: user.userId,
      accountId: user.accountId,
      name,
      size: 0,
      mimeType: 'folder',
      folder: parent,
    });
    const rows = clients.flatMap((client) => [
      folder(client.id, client.name, 'root'),
      ...Array.from({ length: 99 }, (_, p) => folder(randomUUID(), `Project ${String(p).padStart(2, '0')}`, client.id)),
    ]);
    const deepest = randomUUID();
    const deeper = rows.find((r) => r.name === 'Project 42' && r.folder === clients[7].id)!;
    const middle = folder(randomUUID(), 'Drafts', deeper.id);
    rows.push(middle, folder(deepest, 'Needle_100%', middle.id));
    for (let i = 0; i < rows.length; i += 2000)
      await db()
        .insert(files)
        .values(rows.slice(i, i + 2000));

    const everything = await caller.request(FilesSubject.ListFolders, { limit: 100 }, user);
    expect([everything.items.length, everything.total]).toEqual([100, 6002]);
    // By name: "Client 00" … "Client 59" first, then the drafts and projects.
    expect(everything.items[0]).toMatchObject({ name: 'Client 00', parentId: 'root', path: 'Client 00' });

    const projects = await caller.request(FilesSubject.ListFolders, { q: 'project 42', limit: 500 }, user);
    expect(projects.total).toBe(60);
    expect(projects.items.map((f) => f.path).sort()).toEqual(clients.map((c) => `${c.name} / Project 42`).sort());
    // Wildcards in the text are only text; the deepest folder comes with its whole path.
    const needle = await caller.request(FilesSubject.ListFolders, { q: '_100%' }, user);
    expect(needle).toEqual({
      total: 1,
      items: [{ id: deepest, name: 'Needle_100%', parentId: middle.id, path: 'Client 07 / Project 42 / Drafts / Needle_100%' }],
    });
    expect(await caller.request(FilesSubject.ListFolders, { q: '100 %' }, user)).toEqual({ total: 0, items: [] });
    // Nobody else's folders.
    expect(await caller.request(FilesSubject.ListFolders, { q: 'Client' }, newCaller())).toEqual({ total: 0, items: [] });
  }, 120_000);

  it('reaches every item of a folder of 12,000 in every order, a page at a time, none skipped or repeated, with ties in every key', async () => {
    const user = newCaller();
    const repository = app!.get(FilesRepository);
    const COUNT = 12_000;
    const base = Date.now() - COUNT * 1000;
    const rows = Array.from({ length: COUNT }, (_, i) => ({
      userId: user.userId,
      addedBy: user.userId,
      accountId: user.accountId,
      // Names, sizes and times that repeat, so every order has to fall back on the id.
      name: `Report ${String(i % 3000).padStart(4, '0')}${i % 2 ? '.PDF' : '.pdf'}`,
      size: i % 7,
      storagePath: `${user.userId}/${i}`,
      mimeType: 'application/pdf',
      folder: 'root',
      createdAt: new Date(base + Math.floor(i / 3) * 1000),
    }));
    for (let i = 0; i < COUNT; i += 2000)
      await db()
        .insert(files)
        .values(rows.slice(i, i + 2000));

    const keyOf: Record<SortOrder, (item: FileItem) => string | number> = {
      newest: (item) => -Date.parse(item.createdAt),
      oldest: (item) => Date.parse(item.createdAt),
      'name-asc': (item) => item.name.toLowerCase(),
      'name-desc': (item) => item.name.toLowerCase(),
      'size-asc': (item) => item.size,
      'size-desc': (item) => -item.size,
    };
    for (const sort of SORT_ORDERS) {
      const seen: FileItem[] = [];
      let after: string | undefined;
      let pages = 0;
      do {
        const page = await caller.request(FilesSubject.ListFiles, { folder: 'root', sort, limit: 1000, after }, user);
        expect(page.total).toBe(COUNT);
        seen.push(...page.items);
        after = page.next ?? undefined;
        pages++;
      } while (after);
      expect(pages).toBe(COUNT / 1000);
      expect(new Set(seen.map((item) => item.id)).size).toBe(COUNT);
      // In order: by the key (name-desc read backwards), then by id in the order's direction.
      const key = keyOf[sort];
      const descending = sort === 'newest' || sort === 'name-desc' || sort === 'size-desc';
      for (let i = 1; i < seen.length; i++) {
        const [a, b] = [key(seen[i - 1]), key(seen[i])];
        const inOrder = sort === 'name-desc' ? a >= b : a <= b;
        const tieInOrder = descending ? seen[i - 1].id > seen[i].id : seen[i - 1].id < seen[i].id;
        if (!inOrder || (a === b && !tieInOrder)) throw new Error(`${sort}: item ${i} out of order`);
      }
    }

    // A page after an item deleted for good meanwhile: the reader is told to reload, not shown a short list.
    const first = await caller.request(FilesSubject.ListFiles, { folder: 'root', limit: 10 }, user);
    await unit.run(() => repository.remove([first.next!]));
    await expect(caller.request(FilesSubject.ListFiles, { folder: 'root', limit: 10, after: first.next! }, user)).rejects.toMatchObject({
      status: 409,
      message: LIST_CHANGED,
    });
  }, 120_000);

  it('purges exactly the items trashed over 30 days ago, rows and objects, and abandoned upload slots', async () => {
    const user = newCaller();
    const repository = app!.get(FilesRepository);
    const uploads = app!.get(UploadsRepository);
    const put = (key: string) => s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'data' }));

    const day = 86400_000;
    const make = async (name: string, trashedDaysAgo: number | null) => {
      const key = `${user.userId}/${name}`;
      await put(key);
      const row = await unit.run(() =>
        repository.insertFile({
          userId: user.userId,
          addedBy: user.userId,
          accountId: user.accountId,
          name,
          size: 4,
          storagePath: key,
          mimeType: 'text/plain',
          folder: 'root',
        }),
      );
      if (trashedDaysAgo !== null) {
        await unit.run(() => repository.update(row.id, { deletedAt: new Date(Date.now() - trashedDaysAgo * day) }));
      }
      return { id: row.id, key };
    };
    const old = await make('old.txt', 31);
    const recent = await make('recent.txt', 29);
    const kept = await make('kept.txt', null);
    const abandonedKey = `${user.userId}/abandoned.txt`;
    await put(abandonedKey);
    await unit.run(() =>
      uploads.insert({
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
    // A big file's upload left with one part sent and never finished.
    const objects = app!.get(ObjectStorage);
    const bigKey = `${user.userId}/abandoned.mp4`;
    const multipartId = await objects.startMultipart(bigKey, 'video/mp4');
    await s3.send(new UploadPartCommand({ Bucket: bucket, Key: bigKey, UploadId: multipartId, PartNumber: 1, Body: new Uint8Array(8 * 1024 ** 2) }));
    expect(await objects.parts(bigKey, multipartId)).toEqual([expect.objectContaining({ partNumber: 1, size: 8 * 1024 ** 2 })]);
    await unit.run(() =>
      uploads.insert({
        userId: user.userId,
        accountId: user.accountId,
        name: 'abandoned.mp4',
        mimeType: 'video/mp4',
        folder: 'root',
        declaredSize: 20 * 1024 ** 2,
        storagePath: bigKey,
        expiresAt: new Date(Date.now() - 1000),
        multipartId,
        partSize: 8 * 1024 ** 2,
      }),
    );

    expect(await repository.storedBytes(user.accountId)).toBe(12);
    expect(await app!.get(TrashService).purge()).toBe(1);
    // What the purge deleted no longer counts against the account's storage.
    expect(await repository.storedBytes(user.accountId)).toBe(8);
    expect(await objects.parts(bigKey, multipartId)).toBeUndefined();
    expect(await repository.find(user.userId, old.id)).toBeUndefined();
    expect(await exists(old.key)).toBe(false);
    expect(await exists(abandonedKey)).toBe(false);
    expect(await repository.find(user.userId, recent.id)).toBeDefined();
    expect(await exists(recent.key)).toBe(true);
    expect(await repository.find(user.userId, kept.id)).toBeDefined();
    expect(await exists(kept.key)).toBe(true);
  });

  it("purges versions kept longer than their account's plan keeps them (30 days on the trial, 180 on business), rows and objects", async () => {
    const trial = newCaller();
    const business = newCaller();
    PLANS.set(business.accountId, { ...PLAN, planType: 'business', features: { ...planFeatures('business'), storageLimit: 1000 } });
    const repository = app!.get(FilesRepository);
    const versions = app!.get(VersionsRepository);
    const day = 86400_000;
    const now = new Date();
    const fileOf = async (user: CallerIdentity) => {
      const key = `${user.userId}/current.txt`;
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'data' }));
      return unit.run(() =>
        repository.insertFile({
          userId: user.userId,
          addedBy: user.userId,
          accountId: user.accountId,
          name: 'a.txt',
          size: 4,
          storagePath: key,
          mimeType: 'text/plain',
          folder: 'root',
        }),
      );
    };
    /** A version of `file` that stopped being current `daysAgo` days before `now`. */
    const versionOf = async (file: FileRow, daysAgo: number) => {
      const key = `${file.addedBy}/v-${daysAgo}.txt`;
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'old' }));
      await unit.run(() =>
        versions.insert({
          fileId: file.id,
          accountId: file.accountId,
          storagePath: key,
          size: 3,
          mimeType: 'text/plain',
          addedBy: file.addedBy,
          addedAt: new Date(now.getTime() - (daysAgo + 1) * day),
          createdAt: new Date(now.getTime() - daysAgo * day),
        }),
      );
      return key;
    };
    const trialFile = await fileOf(trial);
    const businessFile = await fileOf(business);
    const [trialOld, trialYoung] = [await versionOf(trialFile, 31), await versionOf(trialFile, 29)];
    const [businessMid, businessOld] = [await versionOf(businessFile, 31), await versionOf(businessFile, 181)];
    expect(await repository.storedBytes(trial.accountId)).toBe(10);

    // A purge run with a date: what is past its plan's retention then goes, nothing else.
    expect(await app!.get(VersionsService).purge(now)).toBe(2);
    expect(await Promise.all([trialOld, trialYoung, businessMid, businessOld].map(exists))).toEqual([false, true, true, false]);
    expect((await versions.ofFile(trialFile.id)).map((v) => v.storagePath)).toEqual([trialYoung]);
    expect((await versions.ofFile(businessFile.id)).map((v) => v.storagePath)).toEqual([businessMid]);
    expect([await repository.storedBytes(trial.accountId), await repository.storedBytes(business.accountId)]).toEqual([7, 7]);
    // Two days on, the trial's 29-day version is past 30 days too; business keeps its 31-day one.
    expect(await app!.get(VersionsService).purge(new Date(now.getTime() + 2 * day))).toBe(1);
    expect(await Promise.all([trialYoung, businessMid].map(exists))).toEqual([false, true]);
  });

  it('purges a backlog bigger than one batch: every item trashed over 30 days ago goes, and each account stores what is left', async () => {
    const repository = app!.get(FilesRepository);
    const owners = [newCaller(), newCaller(), newCaller()];
    const longAgo = new Date(Date.now() - 40 * 86400_000);
    // 1,625 items trashed long ago (no objects: the rows alone: more than three batches), over three accounts, and one kept per account.
    for (const [i, owner] of owners.entries()) {
      const rows = Array.from({ length: i === 0 ? 975 : 325 }, (_, n) => ({
        userId: owner.userId,
        addedBy: owner.userId,
        accountId: owner.accountId,
        name: `old-${n}.bin`,
        size: 3,
        mimeType: 'application/octet-stream',
        deletedAt: longAgo,
      }));
      await db()
        .insert(files)
        .values([
          ...rows,
          { userId: owner.userId, addedBy: owner.userId, accountId: owner.accountId, name: 'kept.bin', size: 5, mimeType: 'application/octet-stream' },
        ]);
    }
    expect(await Promise.all(owners.map((o) => repository.storedBytes(o.accountId)))).toEqual([975 * 3 + 5, 325 * 3 + 5, 325 * 3 + 5]);

    expect(await app!.get(TrashService).purge()).toBe(1625);
    expect(await Promise.all(owners.map((o) => repository.storedBytes(o.accountId)))).toEqual([5, 5, 5]);
    for (const owner of owners) expect((await rootOf(owner)).items.map((i) => i.name)).toEqual(['kept.bin']);
  });

  it("keeps each account's stored bytes as its files come, go to the trash, are deleted, move with their person or are erased", async () => {
    const repository = app!.get(FilesRepository);
    const people = app!.get(PersonalDataRepository);
    const [alice, bob] = [newCaller(), newCaller()];
    const add = (user: CallerIdentity, name: string, size: number) =>
      unit.run(() =>
        repository.insertFile({
          userId: user.userId,
          addedBy: user.userId,
          accountId: user.accountId,
          name,
          size,
          storagePath: `${user.userId}/${name}`,
          mimeType: 'application/pdf',
          folder: 'root',
        }),
      );
    /** What the quota checks read, beside the sum over every file of the account (the truth it keeps). */
    const stored = (user: CallerIdentity) =>
      (async () => {
        const [truth] = await db()
          .select({ bytes: sql<number>`coalesce(sum(${files.size}), 0)`.mapWith(Number) })
          .from(files)
          .where(eq(files.accountId, user.accountId));
        return [await repository.storedBytes(user.accountId), truth.bytes];
      })();

    expect(await stored(alice)).toEqual([0, 0]);
    const a = await add(alice, 'a.pdf', 100);
    const b = await add(alice, 'b.pdf', 250);
    await unit.run(() =>
      repository.insertFolders([
        { userId: alice.userId, addedBy: alice.userId, accountId: alice.accountId, name: 'Contracts', parentId: 'root', createdAt: new Date() },
      ]),
    );
    await add(bob, 'c.pdf', 40);
    expect([await stored(alice), await stored(bob)]).toEqual([
      [350, 350],
      [40, 40],
    ]);
    // The trash still takes space; renaming or viewing changes nothing.
    await unit.run(() => repository.update(b.id, { deletedAt: new Date(), name: 'b (old).pdf' }));
    await repository.touch(a.id);
    expect(await stored(alice)).toEqual([350, 350]);
    await unit.run(() => repository.remove([b.id]));
    expect(await stored(alice)).toEqual([100, 100]);
    // Alice joins Bob's account: her bytes go with her, in the one statement that moves her files.
    await add(alice, 'd.pdf', 7);
    await unit.run(() => app!.get(PersonalDataService).move(alice.userId, bob.accountId));
    expect([await stored(alice), await stored(bob)]).toEqual([
      [0, 0],
      [147, 147],
    ]);
    await unit.run(() => people.erase(alice.userId));
    expect(await stored(bob)).toEqual([40, 40]);
  });

  describe('a departing member', () => {
    const put = (key: string) => s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: key }));
    /** A file of `user` in `folder` whose object is under their prefix (as an upload makes it). */
    const addFile = async (user: CallerIdentity, name: string, folder = 'root', trashed = false) => {
      const key = `${user.userId}/${randomUUID()}-${name}`;
      await put(key);
      const repository = app!.get(FilesRepository);
      const row = await unit.run(() =>
        repository.insertFile({
          userId: user.userId,
          addedBy: user.userId,
          accountId: user.accountId,
          name,
          size: key.length,
          storagePath: key,
          mimeType: 'text/plain',
          folder,
        }),
      );
      if (trashed) await unit.run(() => repository.update(row.id, { deletedAt: new Date() }));
      return { id: row.id, key };
    };
    const addFolder = async (user: CallerIdentity, name: string) =>
      (
        await unit.run(() =>
          app!.get(FilesRepository).insertFolders([{ userId: user.userId, addedBy: user.userId, accountId: user.accountId, name, parentId: 'root' }]),
        )
      )[0];
    const person = (user: CallerIdentity, fullName: string) => ({ userId: user.userId, fullName, email: `${user.userId}@example.com` });
    const inventory = async (user: CallerIdentity) =>
      (await caller.request(personalDataInventorySubject('files'), { userId: user.userId, email: `${user.userId}@example.com` })).counts;
    const list = async (user: CallerIdentity, folder: string) => (await caller.request(FilesSubject.ListFiles, { folder }, user)).items;
    const names = (items: FileItem[]) => items.map((i) => i.name).sort();
    const deleted = (user: CallerIdentity, accountDeleted: boolean, filesTo?: ReturnType<typeof person>) =>
      publisher.publish(AccountEvent.UserDeleted, {
        id: randomUUID(),
        accountId: user.accountId,
        actorId: user.userId,
        payload: { userId: user.userId, email: `${user.userId}@example.com`, fullName: 'Dana Departing', accountId: user.accountId, accountDeleted, filesTo },
      });

    it('hands their whole My files to the receiver in "<Full Name>\'s files" in one move, and their erasure later deletes only what they still hold', async () => {
      const admin = newCaller();
      const member = { ...newCaller(), accountId: admin.accountId };
      const stored = () => app!.get(FilesRepository).storedBytes(admin.accountId);
      // The receiver already has a folder of that name: the new one is "… (1)", as an upload's would be.
      await addFolder(admin, handedOverFolderName('Maya Member'));
      const adminsOwn = await addFile(admin, 'admin.txt');
      const docs = await addFolder(member, 'Docs');
      const [top, inside, trashed] = [
        await addFile(member, 'top.txt'),
        await addFile(member, 'inside.txt', docs.id),
        await addFile(member, 'old.txt', 'root', true),
      ];
      const abandoned = `${member.userId}/abandoned.bin`;
      await put(abandoned);
      const bytesBefore = await stored();

      const newAccount = randomUUID();
      await publisher.publish(AccountEvent.MembershipChanged, {
        id: randomUUID(),
        accountId: newAccount,
        actorId: admin.userId,
        payload: {
          userId: member.userId,
          email: `${member.userId}@example.com`,
          fullName: 'Maya Member',
          accountId: newAccount,
          previousAccountId: admin.accountId,
          role: 'owner',
          membershipVersion: 2,
          reason: 'removed',
          filesTo: person(admin, 'Ada Admin'),
        },
      });
      const handed = await eventually(async () => (await list(admin, 'root')).find((i) => i.name === "Maya Member's files (1)"));
      expect(handed).toMatchObject({ isFolder: true, folderId: 'root', fileCount: 1, folderCount: 1 });
      expect(names(await list(admin, handed.id))).toEqual(['Docs', 'top.txt']);
      expect(names(await list(admin, docs.id))).toEqual(['inside.txt']);
      // Their trash too: in the receiver's trash, restored into the handed-over folder.
      const trash = (await caller.request(FilesSubject.ListFiles, { folder: 'root', view: 'trash' }, admin)).items;
      expect(trash).toEqual([expect.objectContaining({ id: trashed.id, folderId: handed.id })]);
      // Nothing left with the member but an empty account of their own; the account stores the same bytes.
      await eventually(async () => (await list({ ...member, accountId: newAccount }, 'root')).length === 4);
      expect(names(await list({ ...member, accountId: newAccount }, 'root'))).toEqual(['Documents', 'Images', 'Invoices', 'Projects']);
      expect(await stored()).toBe(bytesBefore);
      const linked = await caller.request(FilesSubject.FileLink, { fileId: top.id, disposition: 'attachment' }, admin);
      expect(await (await fetch(linked.url)).text()).toBe(top.key);

      // The member deletes their own account: what they still hold goes (their abandoned upload), the receiver's bytes stay.
      await deleted({ ...member, accountId: newAccount }, true);
      await eventually(async () => Object.values(await inventory(member)).every((n) => n === 0));
      expect(await exists(abandoned)).toBe(false);
      for (const key of [top.key, inside.key, trashed.key, adminsOwn.key]) expect([key, await exists(key)]).toEqual([key, true]);

      // The receiver's own erasure deletes the objects of the files handed to them, kept under the member's prefix.
      expect((await inventory(admin)).s3_objects).toBe(4);
      await deleted(admin, true);
      await eventually(async () => Object.values(await inventory(admin)).every((n) => n === 0));
      for (const key of [top.key, inside.key, trashed.key, adminsOwn.key]) expect([key, await exists(key)]).toEqual([key, false]);
    });

    it('hands the files of a member who deletes their own account to the owner, then erases the rest of theirs', async () => {
      const owner = newCaller();
      const member = { ...newCaller(), accountId: owner.accountId };
      const kept = await addFile(member, 'kept.txt');
      await deleted(member, false, person(owner, 'Olive Owner'));
      const handed = await eventually(async () => (await list(owner, 'root')).find((i) => i.name === handedOverFolderName('Dana Departing')));
      expect((await list(owner, handed.id)).map((i) => i.id)).toEqual([kept.id]);
      await eventually(async () => Object.values(await inventory(member)).every((n) => n === 0));
      expect(await exists(kept.key)).toBe(true);
    });
  });

  it("records an upload once its object arrived, with the object's real size, and counts it in the storage meter", async () => {
    const user = newCaller();
    const slot = onePut(await caller.request(FilesSubject.CreateUpload, { name: 'Notes.TXT', size: 300, mimeType: 'text/plain' }, user));
    expect(keyOf(slot.url)).toMatch(new RegExp(`^${user.userId}/\\d+-[0-9a-f]{16}\\.txt$`));

    // Not there yet: refused, and the slot stays for another try.
    await expect(caller.request(FilesSubject.CompleteUpload, { uploadId: slot.uploadId }, user)).rejects.toMatchObject({
      status: 400,
      message: 'The file did not arrive. Please upload it again.',
    });
    const sent = await fetch(slot.url, { method: 'PUT', headers: slot.headers, body: new Uint8Array(300) });
    expect(sent.status).toBe(200);

    const file = await caller.request(FilesSubject.CompleteUpload, { uploadId: slot.uploadId }, user);
    expect(file).toMatchObject({ name: 'Notes.TXT', size: 300, mimeType: 'text/plain', folderId: 'root', isFolder: false });
    expect((await rootOf(user)).items.map((i) => i.id)).toEqual([file.id]);
    await expect(caller.request(FilesSubject.StorageUsage, {}, user)).resolves.toEqual({ usedBytes: 300, limitBytes: PLAN.storageLimitBytes });
  });

  it('answers a repeated confirmation (its first reply was lost) with the stored file, to the same user only, for a while', async () => {
    const user = newCaller();
    const slot = onePut(await caller.request(FilesSubject.CreateUpload, { name: 'Minutes.txt', size: 120, mimeType: 'text/plain' }, user));
    expect((await fetch(slot.url, { method: 'PUT', headers: slot.headers, body: new Uint8Array(120) })).status).toBe(200);
    const file = await caller.request(FilesSubject.CompleteUpload, { uploadId: slot.uploadId }, user);

    // The retry gets the same reply, and the slot is confirmed once: one file, counted once.
    await expect(caller.request(FilesSubject.CompleteUpload, { uploadId: slot.uploadId }, user)).resolves.toEqual(file);
    expect((await rootOf(user)).items.map((i) => i.id)).toEqual([file.id]);
    await expect(caller.request(FilesSubject.StorageUsage, {}, user)).resolves.toMatchObject({ usedBytes: 120 });
    // Someone else who knows the upload's id gets nothing, in the same account or another.
    for (const someone of [{ ...newCaller(), accountId: user.accountId }, newCaller()]) {
      await expect(caller.request(FilesSubject.CompleteUpload, { uploadId: slot.uploadId }, someone)).rejects.toEqual({
        code: 'NOT_FOUND',
        status: 404,
        message: 'Upload not found',
      });
    }
    // Once the slot's time has passed (the purge forgets it), the upload is not found.
    const uploads = app!.get(UploadsRepository);
    await unit.run(() => uploads.removeExpiredConfirmations(new Date(Date.now() + 3_600_000)));
    await expect(caller.request(FilesSubject.CompleteUpload, { uploadId: slot.uploadId }, user)).rejects.toMatchObject({
      status: 404,
      message: 'Upload not found',
    });
  });

  it("refuses an object larger than the plan's space left, removes it and frees its slot", async () => {
    const user = newCaller();
    await expect(caller.request(FilesSubject.CreateUpload, { name: 'huge.bin', size: PLAN.storageLimitBytes + 1 }, user)).rejects.toMatchObject({
      status: 413,
      message: "There isn't enough storage space left on your plan for this file. Free up space or upgrade your plan.",
    });
    // The browser declares 100 bytes and sends more than the plan holds.
    const slot = onePut(await caller.request(FilesSubject.CreateUpload, { name: 'liar.bin', size: 100 }, user));
    const key = keyOf(slot.url);
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: new Uint8Array(PLAN.storageLimitBytes + 1) }));

    await expect(caller.request(FilesSubject.CompleteUpload, { uploadId: slot.uploadId }, user)).rejects.toEqual({
      code: 'CONFLICT',
      status: 413,
      message: "There isn't enough storage space left on your plan for this file. Free up space or upgrade your plan.",
    });
    expect(await exists(key)).toBe(false);
    expect((await rootOf(user)).items).toEqual([]);
    await expect(caller.request(FilesSubject.StorageUsage, {}, user)).resolves.toMatchObject({ usedBytes: 0 });
    await expect(caller.request(FilesSubject.CompleteUpload, { uploadId: slot.uploadId }, user)).rejects.toMatchObject({
      status: 404,
      message: 'Upload not found',
    });
    // Its reservation is gone with it: the whole plan is free again.
    await expect(caller.request(FilesSubject.CreateUpload, { name: 'fits.bin', size: PLAN.storageLimitBytes }, user)).resolves.toHaveProperty('uploadId');
  });

  /**
   * The payloads of one files event recorded for one user, oldest first: each is recorded in its change's transaction,
   * in the outbox the bus relays from (read here, rather than heard, so a test need not replay every event of the run).
   */
  const recorded = async <E extends typeof FilesEvent.FileMoved | typeof FilesEvent.FileRenamed>(type: E, user: CallerIdentity) => {
    const result = (await db().execute(
      sql`select event from outbox where subject = ${type} and event->'payload'->>'userId' = ${user.userId} order by created_at`,
    )) as unknown as { rows: { event: { payload: FilesEvents[E] } }[] };
    return result.rows.map((r) => r.event.payload);
  };
  const fileOf = (user: CallerIdentity, name: string, folder = 'root') =>
    unit.run(() =>
      app!.get(FilesRepository).insertFile({
        userId: user.userId,
        addedBy: user.userId,
        accountId: user.accountId,
        name,
        size: 4,
        storagePath: `${user.userId}/${randomUUID()}`,
        mimeType: 'application/pdf',
        folder,
      }),
    );
  const folderOf = (user: CallerIdentity, name: string, parentId = 'root') => caller.request(FilesSubject.CreateFolder, { name, parentId }, user);

  it('moves a file into a folder and announces where it came from', async () => {
    const user = newCaller();
    const folder = await folderOf(user, 'Reports');
    const file = await fileOf(user, 'q3.pdf');
    const moved = await caller.request(FilesSubject.MoveFile, { fileId: file.id, folderId: folder.id }, user);
    expect(moved).toMatchObject({ id: file.id, folderId: folder.id });
    expect(await recorded(FilesEvent.FileMoved, user)).toEqual([
      expect.objectContaining({ userId: user.userId, fromFolderId: 'root', item: expect.objectContaining({ id: file.id, folderId: folder.id }) }),
    ]);
  });

  it('renames a file or a folder where it is, refuses a name another of its kind there has, and announces the name before', async () => {
    const user = newCaller();
    const reports = await folderOf(user, 'Reports');
    await folderOf(user, 'Archive');
    const file = await fileOf(user, 'q3.pdf', reports.id);
    await fileOf(user, 'Q4.pdf', reports.id);
    const rename = (fileId: string, name: string, who = user) => caller.request(FilesSubject.RenameFile, { fileId, name }, who);

    await expect(rename(file.id, '  Quarter 3.pdf ')).resolves.toMatchObject({ id: file.id, name: 'Quarter 3.pdf', folderId: reports.id });
    await expect(rename(reports.id, 'Reports 2026')).resolves.toMatchObject({ id: reports.id, name: 'Reports 2026', isFolder: true, fileCount: 2 });
    expect(await recorded(FilesEvent.FileRenamed, user)).toEqual([
      expect.objectContaining({ previousName: 'q3.pdf', item: expect.objectContaining({ id: file.id, name: 'Quarter 3.pdf' }) }),
      expect.objectContaining({ previousName: 'Reports', item: expect.objectContaining({ id: reports.id, name: 'Reports 2026', fileCount: 2 }) }),
    ]);
    // Same-name rules as uploads and new folders: another file's or folder's name there (any case) is refused.
    await expect(rename(file.id, 'q4.PDF')).rejects.toMatchObject({ status: 409, message: 'A file named "q4.PDF" already exists here. Choose another name.' });
    await expect(rename(reports.id, 'archive')).rejects.toMatchObject({
      status: 409,
      message: 'A folder named "archive" already exists here. Choose another name.',
    });
    // Its own name in another case is no clash; a file may take a folder's name.
    await expect(rename(file.id, 'QUARTER 3.pdf')).resolves.toMatchObject({ name: 'QUARTER 3.pdf' });
    await expect(rename(reports.id, 'REPORTS 2026')).resolves.toMatchObject({ name: 'REPORTS 2026' });
    // Names are validated as uploads' and folders' are; another user's item is not found.
    await expect(caller.requestUnchecked(FilesSubject.RenameFile, { fileId: file.id, name: '   ' }, user)).rejects.toMatchObject({
      status: 400,
      message: 'Please enter a name',
    });
    await expect(caller.requestUnchecked(FilesSubject.RenameFile, { fileId: file.id, name: 'x'.repeat(256) }, user)).rejects.toMatchObject({
      status: 400,
      message: 'Names can be at most 255 characters',
    });
    await expect(rename(file.id, 'Mine now.pdf', newCaller())).rejects.toMatchObject({ status: 404, message: 'File not found' });
    expect((await caller.request(FilesSubject.ListFiles, { folder: reports.id, sort: 'name-asc' }, user)).items.map((i) => i.name)).toEqual([
      'Q4.pdf',
      'QUARTER 3.pdf',
    ]);
  });

  it('moves a folder with everything in it, never into itself or a folder inside it, and renames it beside one of the same name', async () => {
    const user = newCaller();
    const clients = await folderOf(user, 'Clients');
    const acme = await folderOf(user, 'Acme', clients.id);
    const contracts = await folderOf(user, 'Contracts', acme.id);
    const contract = await fileOf(user, 'Contract.pdf', contracts.id);
    const move = (fileId: string, folderId: string) => caller.request(FilesSubject.MoveFile, { fileId, folderId }, user);

    // The picker for moving Clients offers neither it nor any folder inside it.
    const other = await folderOf(user, 'Other');
    const choices = await caller.request(FilesSubject.ListFolders, { excluding: clients.id }, user);
    expect([choices.items.map((f) => f.name), choices.total]).toEqual([[other.name], 1]);
    for (const into of [clients, acme, contracts])
      await expect(move(clients.id, into.id)).rejects.toMatchObject({
        status: 400,
        message: 'A folder cannot be moved into itself or into a folder inside it.',
      });
    await expect(move(acme.id, contracts.id)).rejects.toMatchObject({
      status: 400,
      message: 'A folder cannot be moved into itself or into a folder inside it.',
    });

    const elsewhere = await folderOf(user, 'Elsewhere');
    await folderOf(user, 'ACME', elsewhere.id);
    await expect(move(acme.id, elsewhere.id)).resolves.toMatchObject({ id: acme.id, name: 'Acme (1)', folderId: elsewhere.id, folderCount: 1 });
    expect(await recorded(FilesEvent.FileRenamed, user)).toEqual([
      expect.objectContaining({ previousName: 'Acme', item: expect.objectContaining({ id: acme.id, name: 'Acme (1)' }) }),
    ]);
    // Everything in it went with it, where it was inside it.
    expect((await caller.request(FilesSubject.GetFolder, { folderId: contracts.id }, user)).path.map((p) => p.name)).toEqual([
      'Elsewhere',
      'Acme (1)',
      'Contracts',
    ]);
    expect((await caller.request(FilesSubject.ListFiles, { folder: contracts.id }, user)).items.map((i) => i.id)).toEqual([contract.id]);
    // The folder it left is now a valid place for the one that held it.
    await expect(move(clients.id, elsewhere.id)).resolves.toMatchObject({ name: 'Clients', folderId: elsewhere.id });
  });

  it('moves two folders into each other at once: one moves, the other is refused, and no loop is made', async () => {
    const user = newCaller();
    const [a, b] = [await folderOf(user, 'A'), await folderOf(user, 'B')];
    const results = await Promise.allSettled([
      caller.request(FilesSubject.MoveFile, { fileId: a.id, folderId: b.id }, user),
      caller.request(FilesSubject.MoveFile, { fileId: b.id, folderId: a.id }, user),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { status: 400, message: 'A folder cannot be moved into itself or into a folder inside it.' },
    });
    // One of them is still at the root, holding the other.
    const root = (await caller.request(FilesSubject.ListFiles, { folder: 'root' }, user)).items;
    expect(root.map((i) => [i.name, i.folderCount])).toEqual([[expect.stringMatching(/^[AB]$/), 1]]);
  });

  it('moves and renames a folder of 10,000 items by changing its one row', async () => {
    const user = newCaller();
    const big = await folderOf(user, 'Big');
    const target = await folderOf(user, 'Target');
    const before = new Date(Date.now() - 60_000);
    await db().execute(sql`
      insert into ${files} (user_id, added_by, account_id, name, size, storage_path, mime_type, folder, updated_at)
      select ${user.userId}, ${user.userId}, ${user.accountId}, 'Item ' || i || '.txt', 1, ${user.userId} || '/' || i, 'text/plain', ${big.id}, ${before.toISOString()}::timestamptz
      from generate_series(1, 10000) i`);
    await expect(caller.request(FilesSubject.MoveFile, { fileId: big.id, folderId: target.id }, user)).resolves.toMatchObject({ fileCount: 10_000 });
    await expect(caller.request(FilesSubject.RenameFile, { fileId: big.id, name: 'Bigger' }, user)).resolves.toMatchObject({ name: 'Bigger' });
    const [{ changed }] = (
      (await db().execute(
        sql`select count(*)::int as changed from ${files} where ${files.userId} = ${user.userId} and ${files.updatedAt} > ${before.toISOString()}::timestamptz`,
      )) as unknown as {
        rows: { changed: number }[];
      }
    ).rows;
    // Big, Target, and nothing inside Big.
    expect(changed).toBe(2);
    expect((await caller.request(FilesSubject.ListFiles, { folder: big.id, limit: 1 }, user)).total).toBe(10_000);
  });
});

describe.each(DATABASE_KINDS)('files migrations on %s', (kind) => {
  /** A database whose migrations stop before `tag`, and a way to open it with every migration. */
  const databaseBefore = async (tag: string) => {
    const target = await freshDatabase(kind);
    const open = (migrationsFolder: string) =>
      openDatabase({ service: 'files', schema: {}, migrationsFolder, databaseUrl: target.DATABASE_URL, dataDir: target.DATA_DIR });
    const before = await mkdtemp(join(tmpdir(), 'files-migrations-'));
    await cp(MIGRATIONS_FOLDER, before, { recursive: true });
    const journalFile = join(before, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((e) => e.tag < tag);
    await writeFile(journalFile, JSON.stringify(journal));
    return { old: await open(before), upgrade: () => open(MIGRATIONS_FOLDER) };
  };

  it("give a database made before account storage every account's bytes as its files add up", async () => {
    const { old, upgrade } = await databaseBefore('0006');
    const [alice, bob, empty] = [randomUUID(), randomUUID(), randomUUID()];
    try {
      // The columns of that time.
      await old.db.execute(sql`insert into files (user_id, account_id, name, size, mime_type, deleted_at) values
        ('u1', ${alice}, 'a.pdf', 100, 'application/pdf', null),
        ('u2', ${alice}, 'b.pdf', 23, 'application/pdf', now()),
        ('u3', ${bob}, 'c.pdf', 5, 'application/pdf', null),
        ('u4', ${empty}, 'Folder', 0, 'folder', null)`);
    } finally {
      await old.close();
    }
    const upgraded = await upgrade();
    try {
      const repository = new FilesRepository(upgraded.db);
      expect(await Promise.all([alice, bob, empty].map((id) => repository.storedBytes(id)))).toEqual([123, 5, 0]);
      // And kept from then on.
      await upgraded.db.insert(files).values({ userId: 'u3', addedBy: 'u3', accountId: bob, name: 'd.pdf', size: 10, mimeType: 'application/pdf' });
      expect(await repository.storedBytes(bob)).toBe(15);
    } finally {
      await upgraded.close();
    }
  });

  it('keep, on a database made before team folders, every file where it was (its bytes, its person and account) and record who added it', async () => {
    const { old, upgrade } = await databaseBefore('0008');
    const [account, ann, ben] = [randomUUID(), randomUUID(), randomUUID()];
    let before: Record<string, unknown>[];
    try {
      await old.db.execute(sql`insert into files (user_id, account_id, name, size, storage_path, mime_type, folder) values
        (${ann}, ${account}, 'Plans', 0, null, 'folder', 'root'),
        (${ann}, ${account}, 'a.pdf', 100, ${`${ann}/1-a.pdf`}, 'application/pdf', 'root'),
        (${ben}, ${account}, 'b.pdf', 23, ${`${ben}/2-b.pdf`}, 'application/pdf', 'root')`);
      await old.db.execute(sql`update files set folder = (select id::text from files where name = 'Plans') where name = 'a.pdf'`);
      before = (
        (await old.db.execute(sql`select id, user_id, account_id, name, size, storage_path, folder from files order by name`)) as unknown as {
          rows: Record<string, unknown>[];
        }
      ).rows;
    } finally {
      await old.close();
    }
    const upgraded = await upgrade();
    try {
      const after = (
        (await upgraded.db.execute(
          sql`select id, user_id, account_id, name, size, storage_path, folder, added_by, team_folder_id, restricted from files order by name`,
        )) as unknown as { rows: Record<string, unknown>[] }
      ).rows;
      expect(after).toEqual(before.map((row) => ({ ...row, added_by: row.user_id, team_folder_id: null, restricted: false })));
      const repository = new FilesRepository(upgraded.db);
      expect(await repository.storedBytes(account)).toBe(123);
      // Each person's My files lists what it did.
      const plans = after.find((r) => r.name === 'Plans')!;
      expect((await repository.listFolder(ann, plans.id as string, 'newest', { limit: 10 })).rows.map((r) => r.name)).toEqual(['a.pdf']);
      expect((await repository.listFolder(ben, 'root', 'newest', { limit: 10 })).rows.map((r) => r.name)).toEqual(['b.pdf']);
    } finally {
      await upgraded.close();
    }
  });
});
