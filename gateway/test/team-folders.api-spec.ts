import {
  EVERYONE,
  MANAGE_ONLY,
  NO_FOLDER_ACCESS,
  PLAN_REFUSALS,
  VIEW_ONLY,
  type AccessEntry,
  type FileItem,
  type FolderAccess,
  type FolderPath,
  type HttpErrorBody,
  type ListActivityReply,
  type ListFilesReply,
  type ListTeamFoldersReply,
  type MemberStorage,
  type TeamFolder,
  type UploadSlot,
  type ShareItem,
  type WhoHasAccess,
  type WhoHasAccessReply,
} from '@coffer/contracts';
import { call, confirmedUser, eventStream, eventually, joinedMember, signUp, type TestUser } from './support.js';

// Issue 29, team folders: every route that touches files, tried by every role and access level in a team
// folder and in a restricted folder inside it, by a member with no access and by another account's user.
// What a level allows is done; everything else is refused (403 in the account, 404 from outside it).

type Level = 'view' | 'edit' | 'manage' | 'none' | 'outside';
const RANK: Record<Level, number> = { outside: -1, none: 0, view: 1, edit: 2, manage: 3 };

const startTrial = (user: TestUser, plan: 'starter' | 'business') => call('/api/subscription/trial', { body: { plan }, token: user.accessToken });

/** A file of `name` uploaded by `user` into `folderId`. */
async function uploadInto(user: TestUser, folderId: string, name: string): Promise<FileItem> {
  const slot = await call<UploadSlot>('/api/uploads', { body: { name, size: 5, mimeType: 'text/plain', folderId }, token: user.accessToken });
  expect(slot.status).toBe(201);
  await fetch(slot.body.url, { method: 'PUT', headers: slot.body.headers, body: 'hello' });
  return (await call<FileItem>(`/api/uploads/${slot.body.uploadId}/complete`, { method: 'POST', token: user.accessToken })).body;
}

const setAccess = (user: TestUser, folderId: string, entries: AccessEntry[], own = true) =>
  call<FolderAccess & HttpErrorBody>(`/api/folders/${folderId}/access`, { method: 'PUT', body: { own, entries }, token: user.accessToken });

/** One action on a folder and a file in it: the level it needs, and how to do it (returning the status). */
interface Action {
  name: string;
  needs: Exclude<Level, 'none' | 'outside'>;
  teamFolderOnly?: boolean;
  run: (user: TestUser, folder: FileItem, file: FileItem, n: number) => Promise<{ status: number; body: unknown }>;
}

const ACTIONS: Action[] = [
  { name: 'list', needs: 'view', run: (u, folder) => call(`/api/files?folder=${folder.id}`, { token: u.accessToken }) },
  { name: 'breadcrumbs', needs: 'view', run: (u, folder) => call(`/api/folders/${folder.id}`, { token: u.accessToken }) },
  { name: 'preview', needs: 'view', run: (u, _f, file) => call(`/api/files/${file.id}/link`, { token: u.accessToken }) },
  { name: 'download', needs: 'view', run: (u, _f, file) => call(`/api/files/${file.id}/link?disposition=attachment`, { token: u.accessToken }) },
  { name: 'who has access', needs: 'view', run: (u, _f, file) => call(`/api/files/${file.id}/access`, { token: u.accessToken }) },
  {
    name: 'upload',
    needs: 'edit',
    run: (u, folder, _file, n) => call('/api/uploads', { body: { name: `up-${n}.txt`, size: 5, folderId: folder.id }, token: u.accessToken }),
  },
  {
    name: 'create folder',
    needs: 'edit',
    run: (u, folder, _file, n) => call('/api/folders', { body: { name: `Sub ${n}`, parentId: folder.id }, token: u.accessToken }),
  },
  {
    name: 'trash and restore',
    needs: 'edit',
    run: async (u, _f, file) => {
      const trashed = await call(`/api/files/${file.id}/trash`, { method: 'POST', token: u.accessToken });
      if (trashed.status !== 200) return trashed;
      return call(`/api/files/${file.id}/restore`, { method: 'POST', token: u.accessToken });
    },
  },
  { name: 'read access list', needs: 'manage', run: (u, folder) => call(`/api/folders/${folder.id}/access`, { token: u.accessToken }) },
  {
    name: 'set access list',
    needs: 'manage',
    run: async (u, folder) => {
      // The list as it is, set again: allowed changes nothing for the rows after it.
      const current = (await call<FolderAccess>(`/api/folders/${folder.id}/access`, { token: u.accessToken })).body;
      return setAccess(u, folder.id, current.entries ?? []);
    },
  },
  {
    name: 'rename team folder',
    needs: 'manage',
    teamFolderOnly: true,
    run: (u, folder) => call(`/api/files/${folder.id}/rename`, { body: { name: folder.name }, token: u.accessToken }),
  },
];

describe('team folders: one access decision for every route that touches files', () => {
  let owner: TestUser;
  let admin: TestUser;
  let manager: TestUser;
  let editor: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  let stranger: TestUser;
  let projects: TeamFolder;
  let contracts: FileItem;
  let brief: FileItem;
  let terms: FileItem;

  beforeAll(async () => {
    owner = await confirmedUser('Olive Owner');
    expect((await startTrial(owner, 'business')).status).toBe(201);
    [admin, manager, editor, viewer, outsider, stranger] = await Promise.all([
      joinedMember(owner, 'admin', 'Ada Admin'),
      joinedMember(owner, 'member', 'Max Manager'),
      joinedMember(owner, 'member', 'Eddie Editor'),
      joinedMember(owner, 'member', 'Vera Viewer'),
      joinedMember(owner, 'member', 'Otto Outsider'),
      signUp(),
    ]);
    projects = (await call<TeamFolder>('/api/team-folders', { body: { name: 'Projects 2027' }, token: owner.accessToken })).body;
    expect(
      (
        await setAccess(owner, projects.id, [
          { grantee: manager.userId, level: 'manage' },
          { grantee: editor.userId, level: 'edit' },
          { grantee: viewer.userId, level: 'view' },
        ])
      ).status,
    ).toBe(200);
    brief = await uploadInto(editor, projects.id, 'brief.txt');
    contracts = (await call<FileItem>('/api/folders', { body: { name: 'Contracts', parentId: projects.id }, token: owner.accessToken })).body;
    // A restricted folder: only its own list counts inside it (the viewer edits there, the others of Projects 2027 have nothing).
    expect((await setAccess(owner, contracts.id, [{ grantee: viewer.userId, level: 'edit' }])).status).toBe(200);
    terms = await uploadInto(owner, contracts.id, 'terms.txt');
  }, 120_000);

  const who = () => ({ owner, admin, manager, editor, viewer, outsider, stranger });

  it.each([
    [
      'Projects 2027 (team folder)',
      { owner: 'manage', admin: 'manage', manager: 'manage', editor: 'edit', viewer: 'view', outsider: 'none', stranger: 'outside' },
    ],
    [
      'Contracts (restricted folder)',
      { owner: 'manage', admin: 'manage', manager: 'none', editor: 'none', viewer: 'edit', outsider: 'none', stranger: 'outside' },
    ],
  ] as const)(
    'in %s, each person does what their level allows and is refused the rest',
    async (where, levels) => {
      const [folder, file] = where.startsWith('Projects') ? [projects, brief] : [contracts, terms];
      const wrong: string[] = [];
      let n = 0;
      for (const [person, user] of Object.entries(who())) {
        const level = levels[person as keyof typeof levels] as Level;
        for (const action of ACTIONS) {
          if (action.teamFolderOnly && folder !== projects) continue;
          const res = await action.run(user, folder, file, n++);
          const allowed = RANK[level] >= RANK[action.needs];
          const expected = allowed ? 'allowed' : level === 'outside' ? 404 : 403;
          const got = res.status < 300 ? 'allowed' : res.status;
          if (got !== expected) wrong.push(`${person} (${level}) ${action.name}: ${got}, expected ${expected}`);
          if (!allowed && level !== 'outside') {
            const message = (res.body as HttpErrorBody).message;
            const expectedMessage = level === 'none' ? NO_FOLDER_ACCESS : action.needs === 'manage' ? MANAGE_ONLY : VIEW_ONLY;
            if (message !== expectedMessage) wrong.push(`${person} ${action.name}: "${message}"`);
          }
        }
      }
      expect(wrong).toEqual([]);
    },
    180_000,
  );

  it('lists the team folders each person can open, hides the restricted folder from those outside its list, and says who has access and why', async () => {
    const levels = async (user: TestUser) =>
      (await call<ListTeamFoldersReply>('/api/team-folders', { token: user.accessToken })).body.items.map((f) => [f.name, f.level]);
    expect(await levels(owner)).toEqual([['Projects 2027', 'manage']]);
    expect(await levels(viewer)).toEqual([['Projects 2027', 'view']]);
    expect(await levels(outsider)).toEqual([]);
    expect(await levels(stranger)).toEqual([]);
    const names = async (user: TestUser) =>
      (await call<ListFilesReply>(`/api/files?folder=${projects.id}`, { token: user.accessToken })).body.items.map((i) => i.name);
    expect(await names(owner)).toContain('Contracts');
    expect(await names(viewer)).toContain('Contracts');
    expect(await names(editor)).not.toContain('Contracts');
    expect(await names(editor)).toContain('brief.txt');

    const grants = (await call<WhoHasAccess>(`/api/files/${terms.id}/access`, { token: viewer.accessToken })).body.grants;
    expect(grants).toEqual([
      { grantee: 'owner', kind: 'role', level: 'manage' },
      { grantee: 'admin', kind: 'role', level: 'manage' },
      { grantee: viewer.userId, kind: 'member', level: 'edit', via: { id: contracts.id, name: 'Contracts', kind: 'restricted-folder' } },
    ]);
    // The owner and admins create team folders; nobody else.
    for (const user of [manager, editor]) expect((await call('/api/team-folders', { body: { name: 'Mine' }, token: user.accessToken })).status).toBe(403);
  });

  it("finds by name what each person can open, each result with the path of the folder it is in; a restricted folder's items only for its list", async () => {
    const found = async (user: TestUser, q: string) =>
      (await call<ListFilesReply>(`/api/files?view=search&q=${encodeURIComponent(q)}`, { token: user.accessToken })).body.items.map((i) => [
        i.name,
        i.folderPath,
      ]);
    expect(await found(viewer, 'terms')).toEqual([['terms.txt', 'Projects 2027 / Contracts']]);
    expect(await found(owner, 'terms')).toEqual([['terms.txt', 'Projects 2027 / Contracts']]);
    expect(await found(editor, 'terms')).toEqual([]);
    expect(await found(manager, 'contracts')).toEqual([]);
    expect(await found(editor, 'brief')).toEqual([['brief.txt', 'Projects 2027']]);
    expect(await found(outsider, 'brief')).toEqual([]);
    expect(await found(stranger, 'brief')).toEqual([]);
    // At the root: the team folder itself, and the person's own folders.
    expect(await found(viewer, 'projects 2027')).toEqual([['Projects 2027', 'Team folders']]);
    expect(await found(viewer, 'invoices')).toEqual([['Invoices', 'My files']]);
  });

  it('says who has access to an item, its shares by email included, and who may change the list or remove each share', async () => {
    const shared = await call<ShareItem>('/api/shares', { body: { fileId: brief.id, email: 'client@example.com' }, token: editor.accessToken });
    expect(shared.status).toBe(201);
    const whoFor = async (user: TestUser) => (await call<WhoHasAccessReply>(`/api/files/${brief.id}/access`, { token: user.accessToken })).body;
    const share = { id: shared.body.id, itemId: brief.id, sharedWithEmail: 'client@example.com', sharedByUserId: editor.userId, sharedByName: 'Eddie Editor' };

    // The manager may change the team folder's list, but not remove a share someone else made.
    const asManager = await whoFor(manager);
    expect(asManager.canManage).toBe(true);
    expect(asManager.grants).toContainEqual({
      grantee: editor.userId,
      kind: 'member',
      level: 'edit',
      via: { id: projects.id, name: 'Projects 2027', kind: 'team-folder' },
    });
    expect(asManager.shares).toEqual([expect.objectContaining({ ...share, canRevoke: false })]);
    // The sharer removes their own share; the owner may remove any share of the account.
    const asEditor = await whoFor(editor);
    expect([asEditor.canManage, asEditor.shares]).toEqual([false, [expect.objectContaining({ ...share, canRevoke: true })]]);
    const asOwner = await whoFor(owner);
    expect([asOwner.canManage, asOwner.shares]).toEqual([true, [expect.objectContaining({ ...share, canRevoke: true })]]);
    // Nobody outside the item learns its shares.
    expect((await call(`/api/files/${brief.id}/access`, { token: outsider.accessToken })).status).toBe(403);
    expect((await call(`/api/files/${brief.id}/access`, { token: stranger.accessToken })).status).toBe(404);

    expect((await call(`/api/shares/${shared.body.id}`, { method: 'DELETE', token: owner.accessToken })).status).toBe(204);
    expect((await whoFor(manager)).shares).toEqual([]);

    // A file in My files: its person, nothing to manage.
    const mine = await uploadInto(editor, 'root', 'mine.txt');
    const own = (await call<WhoHasAccessReply>(`/api/files/${mine.id}/access`, { token: editor.accessToken })).body;
    expect(own).toEqual({ itemId: mine.id, grants: [{ grantee: editor.userId, kind: 'my-files', level: 'manage' }], canManage: false, shares: [] });
  });

  it("gives, with a folder's breadcrumbs, the caller's level there from the nearest access list", async () => {
    const levelIn = async (user: TestUser, folder: FileItem) => (await call<FolderPath>(`/api/folders/${folder.id}`, { token: user.accessToken })).body.level;
    expect([await levelIn(owner, projects), await levelIn(manager, projects), await levelIn(editor, projects), await levelIn(viewer, projects)]).toEqual([
      'manage',
      'manage',
      'edit',
      'view',
    ]);
    // In the restricted Contracts, its own list counts: the viewer of Projects 2027 edits there.
    expect([await levelIn(admin, contracts), await levelIn(viewer, contracts)]).toEqual(['manage', 'edit']);
    const mine = (await call<FileItem>('/api/folders', { body: { name: 'Notes' }, token: viewer.accessToken })).body;
    expect(await levelIn(viewer, mine)).toBe('manage');
  });

  it('pushes a change in a team folder live to everyone who can open it, and to no one else', async () => {
    await setAccess(owner, projects.id, [
      { grantee: EVERYONE, level: 'view' },
      { grantee: manager.userId, level: 'manage' },
      { grantee: editor.userId, level: 'edit' },
    ]);
    const streams = { owner: await eventStream(owner), viewer: await eventStream(viewer), stranger: await eventStream(stranger) };
    const file = await uploadInto(editor, projects.id, 'live.txt');
    const inContracts = await uploadInto(owner, contracts.id, 'secret.txt');
    try {
      await eventually(async () => streams.owner.received.includes(inContracts.id) && streams.viewer.received.includes(inContracts.id), 5000);
      expect(streams.owner.received).toContain(file.id);
      expect(streams.viewer.received).toContain(file.id);
    } finally {
      for (const stream of Object.values(streams)) await stream.stop();
    }
    expect(streams.stranger.received).not.toContain(file.id);
    const editorStream = await eventStream(editor);
    const again = await uploadInto(owner, contracts.id, 'secret-2.txt');
    const marker = await uploadInto(owner, projects.id, 'marker.txt');
    await eventually(async () => editorStream.received.includes(marker.id), 5000);
    await editorStream.stop();
    // The editor has nothing in Contracts: its changes are not theirs to hear.
    expect(editorStream.received).not.toContain(again.id);
  });

  it('shows what happens in a team folder in the Activity Log of those its list lets in, naming who did it', async () => {
    await setAccess(owner, projects.id, [
      { grantee: manager.userId, level: 'manage' },
      { grantee: editor.userId, level: 'edit' },
      { grantee: viewer.userId, level: 'view' },
    ]);
    const activity = async (user: TestUser) => (await call<ListActivityReply>('/api/activity', { token: user.accessToken })).body.items;
    const line = async (user: TestUser, fileName: string) => (await activity(user)).find((i) => i.fileName === fileName);
    const plan = await uploadInto(editor, projects.id, 'activity-plan.txt');
    // Contracts is restricted to the viewer: its upload is theirs (and the owner's and admins') to see, not the editor's or the manager's.
    const minutes = await uploadInto(owner, contracts.id, 'activity-minutes.txt');
    await eventually(async () => (await line(admin, minutes.name)) !== undefined && (await line(admin, plan.name)) !== undefined);

    expect(await line(admin, plan.name)).toMatchObject({ kind: 'upload', actorName: 'Eddie Editor' });
    expect(await line(admin, minutes.name)).toMatchObject({ kind: 'upload', actorName: 'Olive Owner' });
    expect(await line(viewer, plan.name)).toMatchObject({ actorName: 'Eddie Editor' });
    expect(await line(viewer, minutes.name)).toMatchObject({ actorName: 'Olive Owner' });
    expect(await line(manager, plan.name)).toMatchObject({ actorName: 'Eddie Editor' });
    expect(await line(manager, minutes.name)).toBeUndefined();
    // Their own doing is theirs, unnamed.
    expect(await line(editor, plan.name)).toMatchObject({ kind: 'upload', actorName: null });
    expect(await line(editor, minutes.name)).toBeUndefined();
    expect(await line(outsider, plan.name)).toBeUndefined();
    expect(await line(stranger, plan.name)).toBeUndefined();
  });

  it('opens team folders to everyone in the account at Can edit without hasPermissions, and lets no one set access lists there', async () => {
    const starterOwner = await confirmedUser('Sam Starter');
    expect((await startTrial(starterOwner, 'starter')).status).toBe(201);
    const member = await joinedMember(starterOwner, 'member');
    const shared = (await call<TeamFolder>('/api/team-folders', { body: { name: 'Shared' }, token: starterOwner.accessToken })).body;
    expect((await call<ListTeamFoldersReply>('/api/team-folders', { token: member.accessToken })).body.items.map((f) => f.level)).toEqual(['edit']);
    expect((await call('/api/folders', { body: { name: 'Drafts', parentId: shared.id }, token: member.accessToken })).status).toBe(201);
    const refused = await setAccess(starterOwner, shared.id, [{ grantee: EVERYONE, level: 'view' }]);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(PLAN_REFUSALS.hasPermissions);
  });

  it('renames a team folder through the one rename route, with the team-folder name rule', async () => {
    const other = (await call<TeamFolder>('/api/team-folders', { body: { name: 'Archive' }, token: owner.accessToken })).body;
    const taken = await call<HttpErrorBody>(`/api/files/${other.id}/rename`, { body: { name: 'projects 2027' }, token: admin.accessToken });
    expect([taken.status, taken.body.message]).toEqual([409, 'A team folder named "projects 2027" already exists. Choose another name.']);
    expect((await call<FileItem>(`/api/files/${other.id}/rename`, { body: { name: 'Archive 2026' }, token: admin.accessToken })).body.name).toBe(
      'Archive 2026',
    );
    expect((await call(`/api/files/${other.id}/rename`, { body: { name: 'Mine' }, token: editor.accessToken })).status).toBe(403);
    // The second way to rename one is gone.
    expect((await call(`/api/team-folders/${other.id}`, { method: 'PATCH', body: { name: 'Other' }, token: owner.accessToken })).status).toBe(404);
    expect((await call(`/api/team-folders/${other.id}`, { method: 'DELETE', token: owner.accessToken })).status).toBe(204);
  });

  it('shows the owner and admins what each team folder holds in Settings → Storage', async () => {
    const room = (await call<TeamFolder>('/api/team-folders', { body: { name: 'Storage room' }, token: owner.accessToken })).body;
    const empty = (await call<TeamFolder>('/api/team-folders', { body: { name: 'Empty room' }, token: owner.accessToken })).body;
    await uploadInto(owner, room.id, 'a.txt');
    const sub = (await call<FileItem>('/api/folders', { body: { name: 'Inside', parentId: room.id }, token: owner.accessToken })).body;
    await uploadInto(admin, sub.id, 'b.txt');
    for (const user of [owner, admin]) {
      const teamFolders = (await call<MemberStorage>('/api/storage/members', { token: user.accessToken })).body.teamFolders;
      expect(teamFolders).toContainEqual({ id: room.id, name: 'Storage room', bytes: 10 });
      expect(teamFolders).toContainEqual({ id: empty.id, name: 'Empty room', bytes: 0 });
    }
    expect((await call('/api/storage/members', { token: manager.accessToken })).status).toBe(403);
    await call(`/api/team-folders/${empty.id}`, { method: 'DELETE', token: owner.accessToken });
  });

  it('deletes only an empty team folder', async () => {
    expect((await call(`/api/team-folders/${projects.id}`, { method: 'DELETE', token: owner.accessToken })).status).toBe(409);
    const old = (await call<TeamFolder>('/api/team-folders', { body: { name: 'Old' }, token: admin.accessToken })).body;
    expect((await call(`/api/team-folders/${old.id}`, { method: 'DELETE', token: editor.accessToken })).status).toBe(403);
    expect((await call(`/api/team-folders/${old.id}`, { method: 'DELETE', token: admin.accessToken })).status).toBe(204);
  });
});
