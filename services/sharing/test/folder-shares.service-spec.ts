import { randomUUID } from 'node:crypto';
import { Logger, type INestMicroservice } from '@nestjs/common';
import { ShareRefusal, SharingSubject, type CallerIdentity } from '@coffer/contracts';
import { loadConfig, runService, UnitOfWork } from '@coffer/server-core';
import { DATABASE_KINDS, freshDatabase, newCaller, TestCaller, testInfra } from '@coffer/server-core/testing';
import { AppModule } from '../src/app.module.js';
import { sharingConfigSchema } from '../src/config.js';
import { PeopleRepository } from '../src/people/people.repository.js';
import { SharesRepository } from '../src/shares/shares.repository.js';

Logger.overrideLogger(false);

// The decision the files service asks for a person opening an item of another account; the whole flow runs in gateway/test/folder-shares.api-spec.ts.
describe.each(DATABASE_KINDS)('folder shares in the sharing service on %s', (kind) => {
  let app: INestMicroservice;
  let caller: TestCaller;
  let repository: SharesRepository;
  let people: PeopleRepository;
  let unit: UnitOfWork;

  beforeAll(async () => {
    const config = loadConfig(sharingConfigSchema, { ...(await freshDatabase(kind)), NATS_URL: testInfra().natsUrl, NODE_ENV: 'test', LOG_LEVEL: 'error' });
    app = await runService('sharing', config, AppModule.forConfig(config));
    repository = app.get(SharesRepository);
    people = app.get(PeopleRepository);
    unit = app.get(UnitOfWork);
    caller = new TestCaller();
  });
  afterAll(async () => {
    await app?.close();
    await caller.close();
  });

  const owner = newCaller();
  /** A recipient who confirmed their address (or not). */
  async function recipient(emailConfirmed = true) {
    const who = newCaller('member');
    const email = `${who.userId}@example.com`;
    await unit.run(() => people.remember({ userId: who.userId, email, fullName: 'Recipient', emailConfirmed }));
    return { who, email };
  }
  /** A share of a folder with `email`, as the sharing service stores one. */
  const shareFolder = (
    email: string,
    folderId: string,
    level: 'view' | 'edit',
    restrictions: { expiresAt?: Date; maxAccessCount?: number; allowedIps?: string[] } = {},
  ) =>
    unit.run(() =>
      repository.upsert({
        accountId: owner.accountId,
        fileId: folderId,
        kind: 'folder',
        level,
        fileName: 'Clients',
        fileSize: 0,
        mimeType: 'folder',
        sharedByUserId: owner.userId,
        sharedWithEmail: email,
        allowedIps: restrictions.allowedIps ?? null,
        expiresAt: restrictions.expiresAt ?? null,
        maxAccessCount: restrictions.maxAccessCount ?? null,
      }),
    );
  const ask = (who: CallerIdentity, folderIds: string[], disposition: 'inline' | 'attachment' | null = null, clientIp: string | null = '198.51.100.9') =>
    caller.request(SharingSubject.FolderShareGrant, { accountId: owner.accountId, folderIds, clientIp, disposition }, who);

  it("grants the share of the item's folder or a folder above it, the highest level winning, and nothing to anyone else", async () => {
    const { who, email } = await recipient();
    const [item, inner, outer, elsewhere] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const viewOuter = await shareFolder(email, outer, 'view');
    expect((await ask(who, [item, inner, outer])).grant).toEqual({
      shareId: viewOuter.id,
      folderId: outer,
      level: 'view',
      accountId: owner.accountId,
      sharedByUserId: owner.userId,
    });
    const editInner = await shareFolder(email, inner, 'edit');
    expect((await ask(who, [item, inner, outer])).grant).toMatchObject({ shareId: editInner.id, folderId: inner, level: 'edit' });
    // Not above the item, another account, or a file's share of the same id: nothing.
    expect((await ask(who, [elsewhere])).grant).toBeNull();
    expect(
      (await caller.request(SharingSubject.FolderShareGrant, { accountId: randomUUID(), folderIds: [inner], clientIp: null, disposition: null }, who)).grant,
    ).toBeNull();
    // Someone else, or the same address not confirmed by the person holding it: nothing.
    expect((await ask(newCaller('member'), [item, inner, outer])).grant).toBeNull();
    const unconfirmed = await recipient(false);
    await shareFolder(unconfirmed.email, outer, 'edit');
    expect((await ask(unconfirmed.who, [outer])).grant).toBeNull();
    // A trashed folder's share opens nothing until it is restored.
    await unit.run(() => repository.setFileTrashed(inner, true));
    expect((await ask(who, [item, inner, outer])).grant).toMatchObject({ folderId: outer, level: 'view' });
  });

  it('refuses an expired share and an address outside the allow-list on every request, and counts each View or Download (never a listing) up to the maximum', async () => {
    const expired = await recipient();
    const folder = randomUUID();
    await shareFolder(expired.email, folder, 'edit', { expiresAt: new Date(Date.now() - 1000) });
    await expect(ask(expired.who, [folder])).rejects.toMatchObject({ status: 403, message: ShareRefusal.Expired });

    const { who, email } = await recipient();
    const share = await shareFolder(email, folder, 'view', { maxAccessCount: 2, allowedIps: ['203.0.113.0/24'] });
    await expect(ask(who, [folder], null, '192.0.2.1')).rejects.toMatchObject({ status: 403, message: ShareRefusal.NetworkNotAllowed });
    await expect(ask(who, [folder], null, null)).rejects.toMatchObject({ status: 403, message: ShareRefusal.NetworkNotAllowed });
    await expect(ask(who, [folder], 'attachment', '192.0.2.1')).rejects.toMatchObject({ message: ShareRefusal.NetworkNotAllowed });
    expect((await ask(who, [folder], null, '203.0.113.5')).grant).toMatchObject({ level: 'view' });
    expect((await repository.find(share.id))?.accessCount).toBe(0);
    const opens = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) => ask(who, [randomUUID(), folder], i % 2 ? 'inline' : 'attachment', '203.0.113.5')),
    );
    expect(opens.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
    expect(opens.filter((o) => o.status === 'rejected').map((o) => (o as PromiseRejectedResult).reason.message)).toEqual(
      Array(3).fill(ShareRefusal.AccessLimitReached),
    );
    expect((await repository.find(share.id))?.accessCount).toBe(2);
    // Listing goes on after the limit.
    expect((await ask(who, [folder], null, '203.0.113.5')).grant).toMatchObject({ shareId: share.id });
  });

  it("does not open a folder's share through the file-share route", async () => {
    const { who, email } = await recipient();
    const share = await shareFolder(email, randomUUID(), 'view');
    await expect(caller.request(SharingSubject.ShareLink, { shareId: share.id, disposition: 'attachment' }, who)).rejects.toMatchObject({ status: 404 });
  });
});
