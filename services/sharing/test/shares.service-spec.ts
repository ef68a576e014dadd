import { randomUUID } from 'node:crypto';
import { Logger, type INestMicroservice } from '@nestjs/common';
import { ShareRefusal, SharingSubject, type CallerIdentity } from '@coffer/contracts';
import { loadConfig, runService } from '@coffer/server-core';
import { DATABASE_KINDS, freshDatabase, newCaller, TestCaller, testInfra } from '@coffer/server-core/testing';
import { AppModule } from '../src/app.module.js';
import { sharingConfigSchema } from '../src/config.js';
import { SharesRepository } from '../src/shares/shares.repository.js';

Logger.overrideLogger(false);

// The restrictions checked before any other service is asked; the whole flow runs in gateway/test/sharing.api-spec.ts.
describe.each(DATABASE_KINDS)('sharing service on %s', (kind) => {
  let app: INestMicroservice;
  let caller: TestCaller;
  let repository: SharesRepository;

  beforeAll(async () => {
    const config = loadConfig(sharingConfigSchema, { ...(await freshDatabase(kind)), NATS_URL: testInfra().natsUrl, NODE_ENV: 'test', LOG_LEVEL: 'error' });
    app = await runService('sharing', config, AppModule.forConfig(config));
    repository = app.get(SharesRepository);
    caller = new TestCaller();
  });
  afterAll(async () => {
    await app?.close();
    await caller.close();
  });

  /** A recipient who confirmed their address, and a share made with it (as the sharing service stores one). */
  async function shareWith(restrictions: { expiresAt?: Date; maxAccessCount?: number; allowedIps?: string[] }) {
    const recipient: CallerIdentity = { ...newCaller('member'), clientIp: '198.51.100.9' };
    const email = `${recipient.userId}@example.com`;
    const owner = newCaller();
    const share = await repository.transaction(async (tx) => {
      await repository.rememberPerson(tx, { userId: recipient.userId, email, fullName: 'Recipient', emailConfirmed: true });
      return repository.upsert(tx, {
        accountId: owner.accountId,
        fileId: randomUUID(),
        fileName: 'Report.pdf',
        fileSize: 10,
        mimeType: 'application/pdf',
        sharedByUserId: owner.userId,
        sharedWithEmail: email,
        allowedIps: restrictions.allowedIps ?? null,
        expiresAt: restrictions.expiresAt ?? null,
        maxAccessCount: restrictions.maxAccessCount ?? null,
      });
    });
    return { share, recipient };
  }
  const open = (shareId: string, who: CallerIdentity) => caller.request(SharingSubject.ShareLink, { shareId, disposition: 'inline' }, who);

  it('refuses an expired share with its message, before anything is counted', async () => {
    const { share, recipient } = await shareWith({ expiresAt: new Date(Date.now() - 1000), maxAccessCount: 5 });
    await expect(open(share.id, recipient)).rejects.toMatchObject({ status: 403, message: ShareRefusal.Expired });
    expect((await repository.find(share.id))?.accessCount).toBe(0);
  });

  it('refuses an address outside the allow-list', async () => {
    const { share, recipient } = await shareWith({ allowedIps: ['203.0.113.0/24'] });
    await expect(open(share.id, recipient)).rejects.toMatchObject({ status: 403, message: ShareRefusal.NetworkNotAllowed });
    await expect(open(share.id, { ...recipient, clientIp: undefined })).rejects.toMatchObject({ message: ShareRefusal.NetworkNotAllowed });
  });

  it('counts parallel opens atomically: never more than the maximum', async () => {
    const { share } = await shareWith({ maxAccessCount: 3 });
    const counted = await Promise.all(Array.from({ length: 10 }, () => repository.transaction((tx) => repository.countAccess(tx, share.id))));
    expect(counted.filter(Boolean)).toHaveLength(3);
    expect((await repository.find(share.id))?.accessCount).toBe(3);
  });

  it('answers "not found" to anyone but the recipient', async () => {
    const { share } = await shareWith({});
    await expect(open(share.id, newCaller())).rejects.toMatchObject({ status: 404 });
    await expect(open(randomUUID(), newCaller())).rejects.toMatchObject({ status: 404 });
  });
});
