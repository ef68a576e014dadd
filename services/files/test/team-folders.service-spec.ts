import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { INestMicroservice } from '@nestjs/common';
import {
  BillingEvent,
  BillingSubject,
  EVERYONE,
  FilesSubject,
  isMultipartUpload,
  MANAGE_ONLY,
  NO_FOLDER_ACCESS,
  PLAN_REFUSALS,
  RESTRICTED_FOLDER_STAYS,
  ROLE_REFUSALS,
  SharingSubject,
  TEAM_FOLDER_STAYS,
  VIEW_ONLY,
  type AccountPlan,
  type CallerIdentity,
  type RequestMeta,
} from '@coffer/contracts';
import { planFeatures } from '@coffer/plans';
import { EventBus, loadConfig, runService, ServiceRequester } from '@coffer/server-core';
import { DATABASE_KINDS, eventually, freshDatabase, TestCaller, testInfra } from '@coffer/server-core/testing';
import { AppModule } from '../src/app.module.js';
import { filesConfigSchema } from '../src/config.js';

Logger.overrideLogger(false);

/** The plans billing answers, per account: Business unless the test gives the account another. */
const plans = new Map<string, 'business' | 'starter'>();
const planOf = (accountId: string): AccountPlan => {
  const type = plans.get(accountId) ?? 'business';
  return { planType: type, status: 'active', trialEndDate: null, storageLimitBytes: 10 ** 9, features: planFeatures(type) } as AccountPlan;
};

/** The account's subscription as billing's plan events carry it. */
const subscriptionOf = (accountId: string) =>
  ({ ...planOf(accountId), periodEndDate: null, cancelAtPeriodEnd: false, trialUsed: false, trialAvailable: false, paymentProvider: 'placeholder' }) as const;

/**
 * Billing and sharing are other services: the files service's requester answers the plan question here, and that
 * nobody here has a folder shared with them (asked for a person opening another account's item), and passes every
 * other request on.
 */
function answerPlanQuestions(requester: ServiceRequester) {
  const send = requester.request.bind(requester);
  requester.request = ((subject, payload, meta: RequestMeta, timeoutMs) =>
    subject === BillingSubject.GetPlan
      ? Promise.resolve(planOf(meta.caller!.accountId))
      : subject === SharingSubject.FolderShareGrant
        ? Promise.resolve({ grant: null })
        : send(subject, payload, meta, timeoutMs)) as ServiceRequester['request'];
}

/** People of one account, one of each role, and someone of another account. */
function team() {
  const accountId = randomUUID();
  const person = (role: CallerIdentity['role']): CallerIdentity => ({ userId: randomUUID(), accountId, role });
  return {
    owner: person('owner'),
    admin: person('admin'),
    editor: person('member'),
    viewer: person('member'),
    outsider: person('member'),
    moderator: person('moderator'),
    stranger: { userId: randomUUID(), accountId: randomUUID(), role: 'owner' } as CallerIdentity,
  };
}

describe.each(DATABASE_KINDS)('team folders on %s', (kind) => {
  let app: INestMicroservice | undefined;
  let caller: TestCaller;

  beforeAll(async () => {
    const { natsUrl, s3Endpoint } = testInfra();
    const env = { ...(await freshDatabase(kind)), NATS_URL: natsUrl, S3_ENDPOINT: s3Endpoint, S3_BUCKET: `team-folders-test-${kind}` };
    const config = loadConfig(filesConfigSchema, { ...env, NODE_ENV: 'test', LOG_LEVEL: 'error' });
    app = await runService('files', config, AppModule.forConfig(config));
    answerPlanQuestions(app.get(ServiceRequester));
    caller = new TestCaller();
  });
  afterAll(async () => {
    await app?.close();
    await caller.close();
  });

  const list = (who: CallerIdentity, folder: string) => caller.request(FilesSubject.ListFiles, { folder }, who);
  const names = async (who: CallerIdentity, folder: string) => (await list(who, folder)).items.map((i) => i.name).sort();
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => 'allowed',
      (e: { status: number; message: string }) => `${e.status} ${e.message}`,
    );
  /** Sets a folder's access list (`own`: a restricted folder's own list), as `by`. */
  const grant = (by: CallerIdentity, folderId: string, entries: Array<[grantee: string, level: 'view' | 'edit' | 'manage']>, own?: boolean) =>
    caller.request(
      FilesSubject.SetFolderAccess,
      { folderId, ...(own !== undefined && { own }), entries: entries.map(([grantee, level]) => ({ grantee, level })) },
      by,
    );
  const upload = async (who: CallerIdentity, folderId: string, name: string) => {
    const slot = await caller.request(FilesSubject.CreateUpload, { name, size: 5, mimeType: 'text/plain', folderId }, who);
    if (isMultipartUpload(slot)) throw new Error('a small file goes in one PUT');
    expect((await fetch(slot.url, { method: 'PUT', headers: slot.headers, body: 'hello' })).status).toBe(200);
    return caller.request(FilesSubject.CompleteUpload, { uploadId: slot.uploadId }, who);
  };

  it('lets each person do what the nearest access list gives them, and refuses the rest (403 in the account, 404 outside it)', async () => {
    const t = team();
    // Only owners and admins create team folders.
    expect(await refusal(caller.request(FilesSubject.CreateTeamFolder, { name: 'Projects 2027' }, t.editor))).toBe(`403 ${ROLE_REFUSALS.manageTeamFolders}`);
    expect(await refusal(caller.request(FilesSubject.CreateTeamFolder, { name: 'Projects 2027' }, t.moderator))).toBe(`403 ${ROLE_REFUSALS.manageTeamFolders}`);
    const projects = await caller.request(FilesSubject.CreateTeamFolder, { name: 'Projects 2027' }, t.owner);
    expect(projects).toMatchObject({ name: 'Projects 2027', teamFolderId: projects.id, level: 'manage', addedBy: t.owner.userId });
    expect(await refusal(caller.request(FilesSubject.CreateTeamFolder, { name: 'projects 2027' }, t.admin))).toMatch(/^409 /);

    // With no entry yet, only the owner and admins can open it.
    expect((await caller.request(FilesSubject.ListTeamFolders, {}, t.editor)).items).toEqual([]);
    expect(await refusal(list(t.editor, projects.id))).toBe(`403 ${NO_FOLDER_ACCESS}`);
    expect(await refusal(list(t.stranger, projects.id))).toBe('404 Folder not found');

    await grant(t.owner, projects.id, [
      [EVERYONE, 'edit'],
      [t.viewer.userId, 'view'],
    ]);
    // Everyone → Can edit gives the viewer edit too: the highest level wins.
    expect((await caller.request(FilesSubject.ListTeamFolders, {}, t.viewer)).items.map((i) => [i.name, i.level])).toEqual([['Projects 2027', 'edit']]);
    await grant(t.owner, projects.id, [
      [t.editor.userId, 'edit'],
      [t.viewer.userId, 'view'],
    ]);
    expect((await caller.request(FilesSubject.ListTeamFolders, {}, t.viewer)).items.map((i) => i.level)).toEqual(['view']);
    expect((await caller.request(FilesSubject.ListTeamFolders, {}, t.outsider)).items).toEqual([]);

    // Can edit: upload and create; the file is the account's, added by the editor, and the owner sees it.
    const file = await upload(t.editor, projects.id, 'brief.txt');
    expect(file).toMatchObject({ folderId: projects.id, teamFolderId: projects.id, addedBy: t.editor.userId });
    const contracts = await caller.request(FilesSubject.CreateFolder, { name: 'Contracts', parentId: projects.id }, t.editor);
    expect(await names(t.owner, projects.id)).toEqual(['Contracts', 'brief.txt']);
    // Can view: open and download, never add, trash or change access.
    expect(await names(t.viewer, projects.id)).toEqual(['Contracts', 'brief.txt']);
    expect((await caller.request(FilesSubject.FileLink, { fileId: file.id, disposition: 'attachment' }, t.viewer)).url).toContain('http');
    expect(await refusal(caller.request(FilesSubject.CreateUpload, { name: 'x.txt', size: 5, folderId: projects.id }, t.viewer))).toBe(`403 ${VIEW_ONLY}`);
    expect(await refusal(caller.request(FilesSubject.CreateFolder, { name: 'Mine', parentId: projects.id }, t.viewer))).toBe(`403 ${VIEW_ONLY}`);
    expect(await refusal(caller.request(FilesSubject.TrashFile, { fileId: file.id }, t.viewer))).toBe(`403 ${VIEW_ONLY}`);
    expect(await refusal(caller.request(FilesSubject.MoveFile, { fileId: file.id, folderId: 'root' }, t.viewer))).toBe(`403 ${VIEW_ONLY}`);
    // Can edit is not Can manage.
    expect(await refusal(caller.request(FilesSubject.SetFolderAccess, { folderId: projects.id, entries: [] }, t.editor))).toBe(`403 ${MANAGE_ONLY}`);
    expect(await refusal(caller.request(FilesSubject.RenameFile, { fileId: projects.id, name: 'Mine now' }, t.editor))).toBe(`403 ${MANAGE_ONLY}`);
    // No entry: nothing; another account: not even that it exists.
    for (const action of [list(t.outsider, projects.id), caller.request(FilesSubject.FileLink, { fileId: file.id, disposition: 'inline' }, t.outsider)])
      expect(await refusal(action)).toBe(`403 ${NO_FOLDER_ACCESS}`);
    expect(await refusal(caller.request(FilesSubject.FileLink, { fileId: file.id, disposition: 'inline' }, t.stranger))).toBe('404 File not found');
    expect(await refusal(caller.request(FilesSubject.TrashFile, { fileId: file.id }, t.stranger))).toBe('404 File not found');

    // A restricted folder: its own list replaces its parent's, for it and everything in it.
    await grant(t.owner, contracts.id, [[t.outsider.userId, 'view']], true);
    expect(await names(t.editor, projects.id)).toEqual(['brief.txt']);
    expect((await list(t.editor, projects.id)).total).toBe(1);
    expect(await refusal(list(t.editor, contracts.id))).toBe(`403 ${NO_FOLDER_ACCESS}`);
    expect(await names(t.outsider, contracts.id)).toEqual([]);
    expect(await names(t.admin, projects.id)).toEqual(['Contracts', 'brief.txt']);
    const who = await caller.request(FilesSubject.WhoHasAccess, { fileId: contracts.id }, t.outsider);
    expect(who.grants.map((g) => [g.grantee, g.level, g.via?.kind ?? g.kind])).toEqual([
      ['owner', 'manage', 'role'],
      ['admin', 'manage', 'role'],
      [t.outsider.userId, 'view', 'restricted-folder'],
    ]);
    // Dropping its list: it inherits its parent's again.
    await caller.request(FilesSubject.SetFolderAccess, { folderId: contracts.id, own: false, entries: [] }, t.admin);
    expect(await names(t.editor, contracts.id)).toEqual([]);
    expect(await refusal(list(t.outsider, contracts.id))).toBe(`403 ${NO_FOLDER_ACCESS}`);

    // A team folder with contents is not deleted; an empty one is, by whoever can manage it.
    expect(await refusal(caller.request(FilesSubject.DeleteTeamFolder, { folderId: projects.id }, t.admin))).toMatch(/^409 /);
    const empty = await caller.request(FilesSubject.CreateTeamFolder, { name: 'Old' }, t.admin);
    expect(await refusal(caller.request(FilesSubject.DeleteTeamFolder, { folderId: empty.id }, t.editor))).toBe(`403 ${NO_FOLDER_ACCESS}`);
    await caller.request(FilesSubject.DeleteTeamFolder, { folderId: empty.id }, t.owner);
    expect((await caller.request(FilesSubject.ListTeamFolders, {}, t.owner)).items.map((i) => i.name)).toEqual(['Projects 2027']);
  });

  it('moves folders between My files and team folders with everything in them, as access allows, and renames in a team folder', async () => {
    const t = team();
    const projects = await caller.request(FilesSubject.CreateTeamFolder, { name: 'Projects 2027' }, t.owner);
    await grant(t.owner, projects.id, [
      [t.editor.userId, 'edit'],
      [t.viewer.userId, 'view'],
    ]);
    // The editor's folder from My files, with a folder and a file inside, goes into the team folder as one tree.
    const drafts = await caller.request(FilesSubject.CreateFolder, { name: 'Drafts', parentId: 'root' }, t.editor);
    const inner = await caller.request(FilesSubject.CreateFolder, { name: 'Inner', parentId: drafts.id }, t.editor);
    const file = await upload(t.editor, inner.id, 'plan.txt');
    expect(await refusal(caller.request(FilesSubject.MoveFile, { fileId: drafts.id, folderId: projects.id }, t.viewer))).toBe('404 File not found');
    await caller.request(FilesSubject.MoveFile, { fileId: drafts.id, folderId: projects.id }, t.editor);
    expect(await names(t.viewer, inner.id)).toEqual(['plan.txt']);
    expect((await list(t.viewer, inner.id)).items[0]).toMatchObject({ teamFolderId: projects.id, addedBy: t.editor.userId });
    // Sharing a file needs Can edit where it is; a share of it, made by anyone, opens while it is in the account.
    expect(await refusal(caller.request(FilesSubject.GetFile, { fileId: file.id }, t.viewer))).toBe(`403 ${VIEW_ONLY}`);
    await expect(caller.request(FilesSubject.GetFile, { fileId: file.id }, t.editor)).resolves.toMatchObject({ id: file.id });
    const viaShare = { fileId: file.id, disposition: 'attachment', viaShare: true } as const;
    await expect(caller.request(FilesSubject.FileLink, viaShare, { ...t.outsider, role: 'member' })).resolves.toMatchObject({ url: expect.any(String) });
    expect(await refusal(caller.request(FilesSubject.FileLink, viaShare, t.stranger))).toBe('404 File not found');
    // A viewer renames nothing; an editor renames inside, with the same-name rule; the team folder itself is renamed by those who manage it.
    expect(await refusal(caller.request(FilesSubject.RenameFile, { fileId: file.id, name: 'mine.txt' }, t.viewer))).toBe(`403 ${VIEW_ONLY}`);
    await upload(t.editor, inner.id, 'other.txt');
    expect(await refusal(caller.request(FilesSubject.RenameFile, { fileId: file.id, name: 'OTHER.txt' }, t.editor))).toMatch(/^409 /);
    await expect(caller.request(FilesSubject.RenameFile, { fileId: file.id, name: 'final plan.txt' }, t.editor)).resolves.toMatchObject({
      name: 'final plan.txt',
    });
    expect(await refusal(caller.request(FilesSubject.RenameFile, { fileId: projects.id, name: 'Ours' }, t.editor))).toBe(`403 ${MANAGE_ONLY}`);
    await expect(caller.request(FilesSubject.RenameFile, { fileId: projects.id, name: 'Projects 2028' }, t.admin)).resolves.toMatchObject({
      name: 'Projects 2028',
    });
    // A team folder never moves; a folder holding a restricted folder never leaves its team folder.
    expect(await refusal(caller.request(FilesSubject.MoveFile, { fileId: projects.id, folderId: drafts.id }, t.owner))).toBe(`400 ${TEAM_FOLDER_STAYS}`);
    await grant(t.owner, inner.id, [[t.viewer.userId, 'view']], true);
    expect(await refusal(caller.request(FilesSubject.MoveFile, { fileId: drafts.id, folderId: 'root' }, t.editor))).toBe(`400 ${RESTRICTED_FOLDER_STAYS}`);
    await caller.request(FilesSubject.SetFolderAccess, { folderId: inner.id, own: false, entries: [] }, t.owner);
    // Back into the editor's My files: the whole tree is theirs alone again.
    await caller.request(FilesSubject.MoveFile, { fileId: drafts.id, folderId: 'root' }, t.editor);
    expect(await names(t.editor, inner.id)).toEqual(['final plan.txt', 'other.txt']);
    expect(await refusal(list(t.viewer, inner.id))).toBe('404 Folder not found');
    expect(await refusal(list(t.owner, inner.id))).toBe('404 Folder not found');
    expect(await caller.request(FilesSubject.GetFile, { fileId: file.id }, t.editor)).toMatchObject({ teamFolderId: null });
    expect(await refusal(caller.request(FilesSubject.GetFile, { fileId: file.id }, t.owner))).toBe('404 File not found');
  });

  it('decides from the nearest restricted folder however deep it is', async () => {
    const t = team();
    const top = await caller.request(FilesSubject.CreateTeamFolder, { name: 'Deep' }, t.owner);
    await grant(t.owner, top.id, [[EVERYONE, 'view']]);
    let parent = top.id;
    const levels: string[] = [];
    for (let depth = 1; depth <= 10; depth++) {
      const folder = await caller.request(FilesSubject.CreateFolder, { name: `Level ${depth}`, parentId: parent }, t.owner);
      // Every restricted level lets only the editor in; the tenth lets them edit.
      await grant(t.owner, folder.id, [[t.editor.userId, depth === 10 ? 'edit' : 'view']]);
      levels.push(folder.id);
      parent = folder.id;
    }
    const inner = await caller.request(FilesSubject.CreateFolder, { name: 'Inside', parentId: parent }, t.editor);
    expect(inner.teamFolderId).toBe(top.id);
    expect(await refusal(caller.request(FilesSubject.CreateFolder, { name: 'Nope', parentId: levels[8] }, t.editor))).toBe(`403 ${VIEW_ONLY}`);
    expect(await refusal(list(t.viewer, levels[0]))).toBe(`403 ${NO_FOLDER_ACCESS}`);
    expect(await names(t.viewer, top.id)).toEqual([]);
    expect((await caller.request(FilesSubject.GetFolderAccess, { folderId: inner.id }, t.owner)).from).toEqual({ id: parent, name: 'Level 10' });
  });

  it('lists a folder by its lists as they are at that moment: the restricted folders the reader is on, refused once they are taken off', async () => {
    const t = team();
    const top = await caller.request(FilesSubject.CreateTeamFolder, { name: 'Listed' }, t.owner);
    await grant(t.owner, top.id, [[EVERYONE, 'view']]);
    const level = await caller.request(FilesSubject.CreateFolder, { name: 'Level', parentId: top.id }, t.owner);
    await grant(t.owner, level.id, [[t.editor.userId, 'edit']], true);
    // A folder without a list of its own: its level comes from the restricted folder above it.
    const plain = await caller.request(FilesSubject.CreateFolder, { name: 'Plain', parentId: level.id }, t.owner);
    const restricted = async (name: string, grantee: string) => {
      const folder = await caller.request(FilesSubject.CreateFolder, { name, parentId: plain.id }, t.owner);
      await grant(t.owner, folder.id, [[grantee, 'view']], true);
    };
    await restricted('Open to the editor', t.editor.userId);
    await restricted('Open to everyone', EVERYONE);
    await restricted('Closed', t.viewer.userId);
    await upload(t.owner, plain.id, 'notes.txt');

    expect(await names(t.editor, plain.id)).toEqual(['Open to everyone', 'Open to the editor', 'notes.txt']);
    expect((await list(t.editor, plain.id)).total).toBe(3);
    expect(await names(t.admin, plain.id)).toEqual(['Closed', 'Open to everyone', 'Open to the editor', 'notes.txt']);
    expect(await refusal(list(t.viewer, plain.id))).toBe(`403 ${NO_FOLDER_ACCESS}`);

    // The editor taken off the list, the viewer put on it: the very next listings follow.
    await grant(t.owner, level.id, [[t.viewer.userId, 'view']], true);
    expect(await refusal(list(t.editor, plain.id))).toBe(`403 ${NO_FOLDER_ACCESS}`);
    expect(await refusal(list(t.editor, level.id))).toBe(`403 ${NO_FOLDER_ACCESS}`);
    expect(await names(t.viewer, plain.id)).toEqual(['Closed', 'Open to everyone', 'notes.txt']);
  });

  it('opens every team folder to everyone in the account at Can edit without hasPermissions, and sets no access lists there', async () => {
    const t = team();
    plans.set(t.owner.accountId, 'starter');
    const shared = await caller.request(FilesSubject.CreateTeamFolder, { name: 'Shared' }, t.owner);
    expect((await caller.request(FilesSubject.ListTeamFolders, {}, t.outsider)).items.map((i) => [i.name, i.level])).toEqual([['Shared', 'edit']]);
    await caller.request(FilesSubject.CreateFolder, { name: 'Drafts', parentId: shared.id }, t.outsider);
    expect(await refusal(caller.request(FilesSubject.SetFolderAccess, { folderId: shared.id, entries: [] }, t.owner))).toBe(
      `403 ${PLAN_REFUSALS.hasPermissions}`,
    );
    expect((await caller.request(FilesSubject.GetFolderAccess, { folderId: shared.id }, t.owner)).permissionsAvailable).toBe(false);
    expect(await refusal(caller.request(FilesSubject.RenameFile, { fileId: shared.id, name: 'Ours' }, t.outsider))).toBe(`403 ${MANAGE_ONLY}`);
    expect(await refusal(list(t.stranger, shared.id))).toBe('404 Folder not found');
  });

  it('lets search, Recent, the trash and the folder pickers reach team folders as far as access allows', async () => {
    const t = team();
    const handbook = await caller.request(FilesSubject.CreateTeamFolder, { name: 'Handbook' }, t.owner);
    await grant(t.owner, handbook.id, [
      [EVERYONE, 'view'],
      [t.editor.userId, 'edit'],
    ]);
    const secret = await caller.request(FilesSubject.CreateFolder, { name: 'Handbook secrets', parentId: handbook.id }, t.owner);
    await grant(t.owner, secret.id, [[t.editor.userId, 'view']]);
    const chapter = await caller.request(FilesSubject.CreateFolder, { name: 'Handbook chapter', parentId: handbook.id }, t.editor);
    await upload(t.editor, chapter.id, 'handbook-1.txt');
    const hidden = await upload(t.owner, secret.id, 'handbook-2.txt');
    await caller.request(FilesSubject.CreateFolder, { name: 'Handbook notes', parentId: 'root' }, t.viewer);

    const search = async (who: CallerIdentity) =>
      (await caller.request(FilesSubject.ListFiles, { view: 'search', q: 'handbook' }, who)).items.map((i) => i.name).sort();
    expect(await search(t.owner)).toEqual(['Handbook', 'Handbook chapter', 'Handbook secrets', 'handbook-1.txt', 'handbook-2.txt']);
    expect(await search(t.editor)).toEqual(['Handbook', 'Handbook chapter', 'Handbook secrets', 'handbook-1.txt', 'handbook-2.txt']);
    // The viewer: Everyone → Can view, but not the restricted folder; and their own My files.
    expect(await search(t.viewer)).toEqual(['Handbook', 'Handbook chapter', 'Handbook notes', 'handbook-1.txt']);
    expect(await search(t.stranger)).toEqual([]);

    // Pickers offer where the person may add: the editor's team folders, not the viewer's.
    const picker = async (who: CallerIdentity) => (await caller.request(FilesSubject.ListFolders, { q: 'handbook' }, who)).items.map((i) => i.path).sort();
    expect(await picker(t.editor)).toEqual(['Handbook', 'Handbook / Handbook chapter']);
    expect(await picker(t.viewer)).toEqual(['Handbook notes']);

    // Recent: the files one added; the trash: what one may restore.
    expect((await caller.request(FilesSubject.ListFiles, { view: 'recent' }, t.editor)).items.map((i) => i.name)).toEqual(['handbook-1.txt']);
    await caller.request(FilesSubject.TrashFile, { fileId: hidden.id }, t.owner);
    const trash = async (who: CallerIdentity) => (await caller.request(FilesSubject.ListFiles, { view: 'trash' }, who)).items.map((i) => i.name);
    expect(await trash(t.admin)).toEqual(['handbook-2.txt']);
    expect(await trash(t.editor)).toEqual([]);
    expect(await trash(t.viewer)).toEqual([]);

    // Emptying the trash deletes what it lists, by the same decision: the editor's empties their team item,
    // never the restricted one only the owner and admins can restore; the admin's empties that one.
    const chapterFile = await upload(t.editor, chapter.id, 'handbook-3.txt');
    await caller.request(FilesSubject.TrashFile, { fileId: chapterFile.id }, t.editor);
    expect(await trash(t.editor)).toEqual(['handbook-3.txt']);
    expect(await trash(t.viewer)).toEqual([]);
    expect(await caller.request(FilesSubject.EmptyTrash, {}, t.viewer)).toEqual({ deleted: 0 });
    expect(await caller.request(FilesSubject.EmptyTrash, {}, t.editor)).toEqual({ deleted: 1 });
    expect(await trash(t.editor)).toEqual([]);
    expect(await trash(t.admin)).toEqual(['handbook-2.txt']);
    expect(await caller.request(FilesSubject.EmptyTrash, {}, t.admin)).toEqual({ deleted: 1 });
    expect(await trash(t.owner)).toEqual([]);
    expect(await refusal(caller.request(FilesSubject.GetFile, { fileId: hidden.id }, t.owner))).toBe('404 File not found');
  });

  it("keeps the account's plan in memory, and follows a downgrade at the next decision once billing announces it", async () => {
    const t = team();
    const board = await caller.request(FilesSubject.CreateTeamFolder, { name: 'Board' }, t.owner);
    await grant(t.owner, board.id, [[EVERYONE, 'edit']]);
    const minutes = await caller.request(FilesSubject.CreateFolder, { name: 'Minutes', parentId: board.id }, t.owner);
    await grant(t.owner, minutes.id, [[t.admin.userId, 'view']], true);
    // Business: the restricted folder is hidden from a member it does not list.
    expect(await names(t.outsider, board.id)).toEqual([]);

    // Billing's answer changes without a word: the decision keeps the plan it holds (billing is not asked each time).
    plans.set(t.owner.accountId, 'starter');
    expect(await names(t.outsider, board.id)).toEqual([]);

    // Billing announces the downgrade: without permissions restricted folders do not apply, at once (the memory lasts 300 s).
    await app!.get<EventBus>(EventBus).publish(BillingEvent.SubscriptionChanged, {
      accountId: t.owner.accountId,
      actorId: t.owner.userId,
      payload: { reason: 'plan-changed', plan: subscriptionOf(t.owner.accountId), ownerId: t.owner.userId, planName: 'Starter Plan' },
    });
    await eventually(async () => (await names(t.outsider, board.id)).includes('Minutes'));
    expect(await names(t.outsider, board.id)).toEqual(['Minutes']);
  });

  it("keeps My files its person's alone", async () => {
    const t = team();
    const mine = await caller.request(FilesSubject.CreateFolder, { name: 'Private', parentId: 'root' }, t.editor);
    expect(mine.teamFolderId).toBeNull();
    for (const other of [t.owner, t.admin, t.viewer, t.stranger]) expect(await refusal(list(other, mine.id))).toBe('404 Folder not found');
    expect(await refusal(caller.request(FilesSubject.SetFolderAccess, { folderId: mine.id, entries: [] }, t.editor))).toMatch(/^400 /);
  });
});
