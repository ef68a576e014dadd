import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { INestMicroservice } from '@nestjs/common';
import {
  BillingSubject,
  EVERYONE,
  FilesSubject,
  isMultipartUpload,
  LINKED_FOLDER_ITEMS,
  LIST_CHANGED,
  SHARED_VIEW_ONLY,
  SharingSubject,
  type AccountPlan,
  type CallerIdentity,
  type FolderShareGrant,
  type RequestMeta,
} from '@coffer/contracts';
import { planFeatures } from '@coffer/plans';
import { loadConfig, runService, ServiceRequester } from '@coffer/server-core';
import { DATABASE_KINDS, freshDatabase, TestCaller, testInfra } from '@coffer/server-core/testing';
import { AppModule } from '../src/app.module.js';
import { filesConfigSchema } from '../src/config.js';

Logger.overrideLogger(false);

/** The folder shares sharing would answer (its own rules: services/sharing/test/folder-shares.service-spec.ts), by recipient: folder and level. */
const shares = new Map<string, Omit<FolderShareGrant, 'shareId'>>();
/** What the files service asked sharing, in order. */
const asked: { folderIds: string[]; disposition: string | null }[] = [];

/**
 * Billing and sharing are other services: the files service's requester answers the plan (Business) and the folder-share
 * question here (the whole flow runs in gateway/test/folder-shares.api-spec.ts), and passes every other request on.
 */
function answerOtherServices(requester: ServiceRequester) {
  const send = requester.request.bind(requester);
  requester.request = ((subject, payload, meta: RequestMeta, timeoutMs) => {
    if (subject === BillingSubject.GetPlan)
      return Promise.resolve({
        planType: 'business',
        status: 'active',
        trialEndDate: null,
        storageLimitBytes: 10 ** 9,
        features: planFeatures('business'),
      } as AccountPlan);
    if (subject === SharingSubject.FolderShareGrant) {
      const { folderIds, disposition, accountId } = payload as { folderIds: string[]; disposition: string | null; accountId: string };
      asked.push({ folderIds, disposition });
      const share = shares.get(meta.caller!.userId);
      const granted = share && share.accountId === accountId && folderIds.includes(share.folderId);
      return Promise.resolve({ grant: granted ? { ...share, shareId: randomUUID() } : null });
    }
    return send(subject, payload, meta, timeoutMs);
  }) as ServiceRequester['request'];
}

// The files service's decision for a person of another account in a folder shared with them.
describe.each(DATABASE_KINDS)('folder shares in the files service on %s', (kind) => {
  let app: INestMicroservice | undefined;
  let caller: TestCaller;

  beforeAll(async () => {
    const { natsUrl, s3Endpoint } = testInfra();
    const env = { ...(await freshDatabase(kind)), NATS_URL: natsUrl, S3_ENDPOINT: s3Endpoint, S3_BUCKET: `folder-shares-test-${kind}` };
    const config = loadConfig(filesConfigSchema, { ...env, NODE_ENV: 'test', LOG_LEVEL: 'error' });
    app = await runService('files', config, AppModule.forConfig(config));
    answerOtherServices(app.get(ServiceRequester));
    caller = new TestCaller();
  });
  afterAll(async () => {
    await app?.close();
    await caller.close();
  });

  const person = (): CallerIdentity => ({ userId: randomUUID(), accountId: randomUUID(), role: 'owner' });
  const share = (owner: CallerIdentity, recipient: CallerIdentity, folderId: string, level: 'view' | 'edit') =>
    shares.set(recipient.userId, { folderId, level, accountId: owner.accountId, sharedByUserId: owner.userId });
  const folder = (who: CallerIdentity, name: string, parentId = 'root') => caller.request(FilesSubject.CreateFolder, { name, parentId }, who);
  const names = async (who: CallerIdentity, folderId: string) =>
    (await caller.request(FilesSubject.ListFiles, { folder: folderId }, who)).items.map((i) => i.name).sort();
  const upload = async (who: CallerIdentity, folderId: string, name: string) => {
    const slot = await caller.request(FilesSubject.CreateUpload, { name, size: 5, mimeType: 'text/plain', folderId }, who);
    if (isMultipartUpload(slot)) throw new Error('a small file goes in one PUT');
    expect((await fetch(slot.url, { method: 'PUT', headers: slot.headers, body: 'hello' })).status).toBe(200);
    return caller.request(FilesSubject.CompleteUpload, { uploadId: slot.uploadId }, who);
  };
  const status = (promise: Promise<unknown>) =>
    promise.then(
      () => 'allowed',
      (e: { status: number; message: string }) => `${e.status} ${e.message}`,
    );

  it('opens the shared folder and what is below it, never beside or above it, as the tree is at each request', async () => {
    const owner = person();
    const recipient = person();
    const clients = await folder(owner, 'Clients');
    const acme = await folder(owner, 'Acme', clients.id);
    const archive = await folder(owner, 'Archive');
    const old = await folder(owner, 'Old', archive.id);
    share(owner, recipient, clients.id, 'edit');
    // Sharing is asked with the item and the folders above it, nearest first; a listing is no access.
    asked.length = 0;
    expect(await names(recipient, acme.id)).toEqual([]);
    expect(asked).toEqual([{ folderIds: [acme.id, clients.id], disposition: null }]);

    expect(await names(recipient, clients.id)).toEqual(['Acme']);
    expect((await caller.request(FilesSubject.GetFolder, { folderId: acme.id }, recipient)).path.map((p) => p.name)).toEqual(['Clients', 'Acme']);
    expect(await status(names(recipient, archive.id))).toBe('404 Folder not found');
    expect(await status(folder(recipient, 'Mine', archive.id))).toBe('404 Folder not found');

    // The owner moves Old into Clients: it opens now; Acme moved out: it no longer does.
    await caller.request(FilesSubject.MoveFile, { fileId: old.id, folderId: clients.id }, owner);
    await caller.request(FilesSubject.MoveFile, { fileId: acme.id, folderId: archive.id }, owner);
    expect(await names(recipient, clients.id)).toEqual(['Old']);
    expect(await status(names(recipient, old.id))).toBe('allowed');
    expect(await status(names(recipient, acme.id))).toBe('404 Folder not found');

    // A new folder the recipient makes is the owner's account's, added by them, in the owner's My files.
    const made = await folder(recipient, 'From Rita', clients.id);
    expect(made).toMatchObject({ folderId: clients.id, addedBy: recipient.userId, teamFolderId: null });
    expect(await names(owner, clients.id)).toEqual(['From Rita', 'Old']);
    expect(await names(recipient, 'root')).toEqual([]);
  });

  it('keeps Can view to opening, asks sharing at every request (a revoke ends it at once), and counts a View or Download', async () => {
    const owner = person();
    const recipient = person();
    const clients = await folder(owner, 'Clients');
    share(owner, recipient, clients.id, 'view');
    const brief = await upload(owner, clients.id, 'Brief.txt');
    expect(await names(recipient, clients.id)).toEqual(['Brief.txt']);
    // A View or a Download is asked with its disposition: sharing counts it as one access of the share.
    asked.length = 0;
    const link = await caller.request(FilesSubject.FileLink, { fileId: brief.id, disposition: 'attachment' }, recipient);
    expect(await (await fetch(link.url)).text()).toBe('hello');
    expect(asked).toEqual([{ folderIds: [brief.id, clients.id], disposition: 'attachment' }]);
    expect(await status(folder(recipient, 'Mine', clients.id))).toBe(`403 ${SHARED_VIEW_ONLY}`);
    expect(await status(caller.request(FilesSubject.CreateUpload, { name: 'a.txt', size: 5, mimeType: 'text/plain', folderId: clients.id }, recipient))).toBe(
      `403 ${SHARED_VIEW_ONLY}`,
    );

    // Sharing, for the recipient's own items or an item of no folder share: never asked about their own.
    asked.length = 0;
    expect(await names(recipient, 'root')).toEqual([]);
    expect(asked).toEqual([]);

    shares.delete(recipient.userId);
    expect(await status(names(recipient, clients.id))).toBe('404 Folder not found');
    expect(await status(caller.request(FilesSubject.GetFolder, { folderId: clients.id }, recipient))).toBe('404 Folder not found');
  });

  it('never reaches a restricted folder inside a shared or linked team folder, even one open to everyone at the company', async () => {
    const owner = person();
    const recipient = person();
    const projects = await caller.request(FilesSubject.CreateTeamFolder, { name: `Projects ${randomUUID()}` }, owner);
    await caller.request(FilesSubject.SetFolderAccess, { folderId: projects.id, entries: [{ grantee: EVERYONE, level: 'edit' }] }, owner);
    const contracts = await folder(owner, 'Contracts', projects.id);
    const deeper = await folder(owner, 'Signed', contracts.id);
    await caller.request(FilesSubject.SetFolderAccess, { folderId: contracts.id, own: true, entries: [{ grantee: EVERYONE, level: 'view' }] }, owner);
    const secret = await upload(owner, deeper.id, 'Salaries.txt');
    const plan = await upload(owner, projects.id, 'Plan.txt');

    share(owner, recipient, projects.id, 'edit');
    expect(await names(recipient, projects.id)).toEqual(['Plan.txt']);
    for (const attempt of [
      names(recipient, contracts.id),
      names(recipient, deeper.id),
      caller.request(FilesSubject.GetFolder, { folderId: contracts.id }, recipient),
      caller.request(FilesSubject.FileLink, { fileId: secret.id, disposition: 'attachment' }, recipient),
      folder(recipient, 'Mine', contracts.id),
    ])
      expect(await status(attempt)).toMatch(/^404 (File|Folder) not found$/);
    expect(await status(caller.request(FilesSubject.FileLink, { fileId: plan.id, disposition: 'attachment' }, recipient))).toBe('allowed');
    // Shared at the restricted folder itself, its own tree opens.
    share(owner, recipient, contracts.id, 'view');
    expect(await names(recipient, deeper.id)).toEqual(['Salaries.txt']);

    // A link of the team folder lists and opens the same: never the restricted folder or what is in it.
    const linked = (within?: string) => caller.request(FilesSubject.LinkedFolder, { folderId: projects.id, within }, owner);
    expect((await linked()).items.map((i) => i.name)).toEqual(['Plan.txt']);
    expect(await status(linked(contracts.id))).toBe('404 Folder not found');
    const viaLink = (fileId: string) =>
      caller.request(FilesSubject.FileLink, { fileId, disposition: 'attachment', viaShare: true, within: projects.id }, owner);
    expect(await status(viaLink(secret.id))).toBe('404 File not found');
    expect(await status(viaLink(plan.id))).toBe('allowed');
  });

  it("lists a folder link's big folder a page at a time, every item once, and says when the folder changed under a page", async () => {
    const owner = person();
    const big = await folder(owner, 'Big');
    const names = Array.from({ length: LINKED_FOLDER_ITEMS + 20 }, (_, i) => `Item ${String(i).padStart(4, '0')}`);
    for (let i = 0; i < names.length; i += 50) await Promise.all(names.slice(i, i + 50).map((name) => folder(owner, name, big.id)));
    const linked = (after?: string) => caller.request(FilesSubject.LinkedFolder, { folderId: big.id, after }, owner);
    const first = await linked();
    expect([first.items.length, first.total]).toEqual([LINKED_FOLDER_ITEMS, names.length]);
    const second = await linked(first.next!);
    expect(second.next).toBeNull();
    expect([...first.items, ...second.items].map((i) => i.name)).toEqual(names);
    // The item a page ends at moved out of the folder: the page after it cannot be found.
    await caller.request(FilesSubject.MoveFile, { fileId: first.next!, folderId: 'root' }, owner);
    expect(await status(linked(first.next!))).toBe(`409 ${LIST_CHANGED}`);
  }, 120_000);

  it("lists a folder link's folder and folders inside it (never one outside), and opens only files inside it now", async () => {
    const owner = person();
    const clients = await folder(owner, 'Clients');
    const acme = await folder(owner, 'Acme', clients.id);
    const archive = await folder(owner, 'Archive');
    const brief = await upload(owner, acme.id, 'Brief.txt');
    const linked = (within?: string) => caller.request(FilesSubject.LinkedFolder, { folderId: clients.id, within }, owner);
    expect(await linked()).toEqual({
      path: [{ id: clients.id, name: 'Clients' }],
      items: [expect.objectContaining({ id: acme.id, isFolder: true })],
      total: 1,
      next: null,
    });
    expect(await linked(acme.id)).toMatchObject({
      path: [{ name: 'Clients' }, { name: 'Acme' }],
      items: [{ id: brief.id, name: 'Brief.txt', size: 5, isFolder: false }],
    });
    expect(await status(linked(archive.id))).toBe('404 Folder not found');
    // Asked as another account (a link is always asked as its maker): nothing.
    expect(await status(caller.request(FilesSubject.LinkedFolder, { folderId: clients.id }, person()))).toBe('404 Folder not found');
    const fileLink = () => caller.request(FilesSubject.FileLink, { fileId: brief.id, disposition: 'attachment', viaShare: true, within: clients.id }, owner);
    expect(await status(fileLink())).toBe('allowed');
    await caller.request(FilesSubject.MoveFile, { fileId: brief.id, folderId: archive.id }, owner);
    expect(await status(fileLink())).toBe('404 File not found');
  });
});
