import { randomBytes, randomUUID } from 'node:crypto';
import type {
  CreatedFileRequest,
  CreatedLink,
  FileItem,
  FileVersions,
  HttpErrorBody,
  ListAccountLinksReply,
  ListFileRequestsReply,
  ListInvitationsReply,
  ListLinksReply,
  ListNotificationsReply,
  ListRolesReply,
  ListSessionsReply,
  ListSharesReply,
  ListTeamReply,
  Profile,
  ShareItem,
  UploadSlot,
  UserRole,
} from '@coffer/contracts';
import { startOpenIdProvider } from '../../deploy/local/openid-test-provider.mjs';
import { picturePng } from '../../deploy/local/test-pictures.mjs';
import {
  appUrl,
  call,
  confirmedUser,
  enableTwoFactor,
  eventually,
  invite,
  joinedMember,
  publishTxt,
  refreshed,
  signedInAgain,
  signUp,
  uploadFile,
  type TestUser,
} from './support.js';

// R4 of the reliability suite: every route of the API document, tried by everyone who must not get
// through: no session, the aal1 step of a two-factor sign-in, a user of another account, and a
// member of the same account, on the owner's own files, folders, uploads, shares, notifications,
// team, roles and factors. Plan gating is plans.api-spec.ts; the roles matrix organisation.api-spec.ts.

interface Operation {
  security?: unknown[];
}
type Document = { paths: Record<string, Record<string, Operation>> };

/** The routes the aal1 step may call: what it needs to finish signing in. */
const MFA_STEP_ROUTES = new Set([
  'GET /api/auth/session',
  'POST /api/auth/factors/{id}/challenge',
  'POST /api/auth/factors/{id}/verify',
  'POST /api/auth/recovery-codes/verify',
]);

/** The routes a member who must set up two-factor first (the account requires it) may call: its setup. */
const TWO_FACTOR_SETUP_ROUTES = new Set([
  'GET /api/auth/session',
  'GET /api/auth/factors',
  'POST /api/auth/factors',
  'POST /api/auth/factors/{id}/challenge',
  'POST /api/auth/factors/{id}/verify',
]);

/** A plausible body for each route that takes one, so a refusal is about who asks, not what they sent. */
const BODIES: Record<string, unknown> = {
  'PATCH /api/files/{id}': { folderId: 'root' },
  'POST /api/files/bulk/move': { items: [randomUUID()], folderId: 'root' },
  'POST /api/files/bulk/trash': { items: [randomUUID()] },
  'POST /api/files/bulk/restore': { items: [randomUUID()] },
  'POST /api/files/bulk/delete': { items: [randomUUID()] },
  'POST /api/team-folders': { name: 'Team' },
  'POST /api/folder-paths': { parentId: 'root', paths: [['Reports']] },
  'PUT /api/folders/{id}/access': { entries: [] },
  'POST /api/files/{id}/rename': { name: 'Bonuses.xlsx' },
  'POST /api/uploads/{id}/parts': { partNumbers: [1] },
  'POST /api/auth/factors/{id}/verify': { challengeId: randomUUID(), code: '123456' },
  'DELETE /api/auth/factors/{id}': { password: 'a-guess-123' },
  'POST /api/auth/recovery-codes': { password: 'a-guess-123' },
  'POST /api/auth/recovery-codes/verify': { recoveryCode: 'abcd-efgh-jkmn-pqrs' },
  'PATCH /api/links/{id}': { password: null },
  'POST /api/subscription': { plan: 'pro' },
  'POST /api/subscription/trial': { plan: 'pro' },
  'POST /api/subscription/checkout-session': { plan: 'pro' },
  'PUT /api/subscription/plan': { plan: 'pro' },
  'PUT /api/sign-in-policy/sso': {
    issuer: 'https://login.example.com',
    clientId: 'coffer',
    clientSecret: 'a-guess',
    domains: ['example.com'],
    createUsers: true,
    ssoOnly: false,
  },
  'POST /api/sign-in-policy/sso/verify': { domain: 'example.com' },
  'POST /api/downloads': { items: [randomUUID()] },
  'PUT /api/sharing-policy': { linksAllowed: false, passwordRequired: true, maxExpiryDays: null, allowedEmailDomains: [] },
};

describe('R4: authorization on every route', () => {
  let document: Document;
  let owner: TestUser;
  let stranger: TestUser;
  let member: TestUser;
  let recipient: TestUser;
  /** The owner's resources, by the path that reaches them. */
  const ids: Record<string, string> = {};
  /** The token of the owner's password-protected link to Salaries.xlsx. */
  let linkToken = '';

  beforeAll(async () => {
    document = (await call<Document & HttpErrorBody>('/api/openapi.json')).body;
    owner = await confirmedUser('Olive Owner');
    await call('/api/subscription/trial', { body: { plan: 'business' }, token: owner.accessToken });
    [stranger, member, recipient] = await Promise.all([signUp(), joinedMember(owner, 'member'), confirmedUser()]);

    const file = await uploadFile(owner, 'Salaries.xlsx', randomBytes(256));
    // Replaced once: its earlier bytes are a version.
    await uploadFile(owner, 'Salaries.xlsx', randomBytes(300), { onExisting: 'replace' });
    const version = (await call<FileVersions>(`/api/files/${file.id}/versions`, { token: owner.accessToken })).body.items[1];
    const folder = await call<FileItem>('/api/folders', { body: { name: 'HR', parentId: 'root' }, token: owner.accessToken });
    // A team folder with no access entries: the account's owner and admins only.
    const teamFolder = await call<FileItem>('/api/team-folders', { body: { name: 'Board' }, token: owner.accessToken });
    // An image in that team folder: its thumbnail is for the owner and admins only.
    const photo = await uploadFile(owner, 'Board photo.png', picturePng(40, 30), { mimeType: 'image/png', folderId: teamFolder.body.id });
    await eventually(
      async () =>
        (await call<{ items: FileItem[] }>(`/api/files?folder=${teamFolder.body.id}`, { token: owner.accessToken })).body.items.find((i) => i.id === photo.id)
          ?.thumbnail,
    );
    const slot = await call<UploadSlot>('/api/uploads', { body: { name: 'Pending.pdf', size: 10 }, token: owner.accessToken });
    const bigFile = await call<UploadSlot>('/api/uploads', { body: { name: 'Board meeting.mp4', size: 40 * 1024 ** 2 }, token: owner.accessToken });
    const share = await call<ShareItem>('/api/shares', { body: { fileId: file.id, email: recipient.email }, token: owner.accessToken });
    const link = await call<CreatedLink>('/api/links', { body: { fileId: file.id, password: 'link secret' }, token: owner.accessToken });
    linkToken = link.body.token;
    const fileRequest = await call<CreatedFileRequest>('/api/file-requests', { body: { folderId: folder.body.id }, token: owner.accessToken });
    const role = await call<UserRole>('/api/roles', { body: { email: member.email, role: 'moderator' }, token: owner.accessToken });
    const notification = await eventually(
      async () => (await call<ListNotificationsReply>('/api/notifications', { token: recipient.accessToken })).body.items[0],
    );
    const team = await call<ListTeamReply>('/api/team', { token: owner.accessToken });
    // An invitation from the owner to the recipient's address: only the recipient may answer it.
    const invitation = (await invite(owner, recipient.email)).body;
    const factor = await enableTwoFactor(owner);
    owner = { ...owner, accessToken: factor.accessToken };
    const ownersSession = (await call<ListSessionsReply>('/api/auth/sessions', { token: owner.accessToken })).body.items.find((s) => s.current)!;
    Object.assign(ids, {
      '/api/files/{id}': file.id,
      '/api/files/{id}/rename': file.id,
      '/api/files/{id}/trash': file.id,
      '/api/files/{id}/restore': file.id,
      '/api/files/{id}/link': file.id,
      '/api/files/{id}/thumbnail': photo.id,
      '/api/files/{id}/versions': file.id,
      '/api/files/{id}/versions/{versionId}/link': file.id,
      '/api/files/{id}/versions/{versionId}/link versionId': version.id,
      '/api/files/{id}/versions/{versionId}/restore': file.id,
      '/api/files/{id}/versions/{versionId}/restore versionId': version.id,
      '/api/folders/{id}': folder.body.id,
      '/api/files/{id}/access': file.id,
      '/api/team-folders/{id}': teamFolder.body.id,
      '/api/folders/{id}/access': teamFolder.body.id,
      '/api/uploads/{id}/complete': slot.body.uploadId,
      '/api/uploads/{id}/parts': bigFile.body.uploadId,
      '/api/uploads/{id}': bigFile.body.uploadId,
      '/api/shares/{id}': share.body.id,
      '/api/shares/{id}/link': share.body.id,
      '/api/shares/{id}/accesses': share.body.id,
      '/api/links/{id}': link.body.id,
      '/api/links/{id}/accesses': link.body.id,
      '/api/file-requests/{id}': fileRequest.body.id,
      '/api/notifications/{id}/read': notification.id,
      '/api/team/members/{id}': team.body.items.find((m) => m.email === member.email)!.id,
      '/api/team/members/{id}/sign-out': team.body.items.find((m) => m.email === member.email)!.id,
      '/api/auth/sessions/{id}': ownersSession.id,
      '/api/roles/{id}': role.body.id,
      '/api/invitations/{id}/join': invitation.id,
      '/api/invitations/{id}/decline': invitation.id,
      '/api/auth/factors/{id}': factor.factorId,
      '/api/auth/factors/{id}/challenge': factor.factorId,
      '/api/auth/factors/{id}/verify': factor.factorId,
    });
  }, 120_000);

  /** Every operation of the document as "METHOD /path", with whether it needs a session. */
  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({
        route: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        needsSession: (op.security ?? []).length > 0,
      })),
    );
  /** The path with its parameters: the owner's resource where there is one (a second parameter's under "<path> <name>"), a random id otherwise. */
  const concrete = (path: string) =>
    path.replace(
      /\{(\w+)\}/g,
      (_, name: string) => (name === 'id' ? ids[path] : ids[`${path} ${name}`]) ?? (name === 'ticket' ? 'A'.repeat(43) : randomUUID()),
    );
  const ask = (route: { method: string; path: string; route: string }, token?: string) =>
    call<HttpErrorBody>(concrete(route.path), {
      method: route.method,
      token,
      body: BODIES[route.route] ?? (['POST', 'PATCH', 'PUT'].includes(route.method) ? {} : undefined),
    });

  it('refuses every route that needs a session without one (401), and every one but finishing the sign-in to the aal1 step (403)', async () => {
    const guarded = operations().filter((o) => o.needsSession);
    expect(guarded.length).toBeGreaterThan(40);
    const aal1 = (await call<{ accessToken: string }>('/api/auth/sign-in', { body: { email: owner.email, password: owner.password, rememberMe: false } })).body
      .accessToken;
    const allowed: string[] = [];
    for (const route of guarded) {
      const anonymous = await ask(route);
      if (anonymous.status !== 401) allowed.push(`${route.route} without a session: ${anonymous.status}`);
      if (MFA_STEP_ROUTES.has(route.route)) continue;
      const pending = await ask(route, aal1);
      if (pending.status !== 403 || pending.body.code !== 'MFA_REQUIRED') allowed.push(`${route.route} at aal1: ${pending.status} ${pending.body.code}`);
    }
    expect(allowed).toEqual([]);
  }, 120_000);

  it("lets no other account's user and no other member of the account reach the owner's resources on any route", async () => {
    const withIds = operations().filter((o) => ids[o.path]);
    // Every route that takes an id of something a user owns is tried here: a new one must be added to `ids`.
    const unlisted = operations()
      .filter((o) => /\{id\}/.test(o.path) && !ids[o.path] && o.needsSession)
      .map((o) => o.route);
    expect(unlisted).toEqual([]);
    const allowed: string[] = [];
    for (const who of [stranger, member]) {
      for (const route of withIds) {
        const res = await ask(route, who.accessToken);
        if (res.status < 400 || res.status >= 500) allowed.push(`${route.route} as ${who === stranger ? 'another account' : 'a member'}: ${res.status}`);
      }
    }
    // Folder paths name their parent in the body: never made in the owner's folder by anyone else.
    for (const who of [stranger, await signedInAgain(member)]) {
      const res = await call<HttpErrorBody>('/api/folder-paths', { body: { parentId: ids['/api/folders/{id}'], paths: [['Leak']] }, token: who.accessToken });
      if (res.status !== 404)
        allowed.push(`POST /api/folder-paths into the owner's folder as ${who === stranger ? 'another account' : 'a member'}: ${res.status}`);
    }
    // The account's sharing policy: set by its owner and admins only, for their own account only.
    // (The sweep above may have signed the member out: signed in afresh.)
    for (const who of [stranger, await signedInAgain(member)]) {
      const res = await ask({ method: 'PUT', path: '/api/sharing-policy', route: 'PUT /api/sharing-policy' }, who.accessToken);
      if (res.status !== 403) allowed.push(`PUT /api/sharing-policy as ${who === stranger ? 'another account' : 'a member'}: ${res.status}`);
    }
    // Every link of the account, and its export: its owner and admins only (the member is a moderator by now);
    // another account's owner reads their own account's, never this one's.
    const moderator = await signedInAgain(member);
    for (const path of ['/api/account-links', '/api/account-links/export']) {
      const res = await call<HttpErrorBody>(path, { token: moderator.accessToken });
      if (res.status !== 403) allowed.push(`GET ${path} as a moderator: ${res.status}`);
    }
    const strangers = await call<ListAccountLinksReply>('/api/account-links', { token: stranger.accessToken });
    if (strangers.status !== 200 || strangers.body.items.some((l) => [ids['/api/links/{id}'], ids['/api/file-requests/{id}']].includes(l.id)))
      allowed.push(`GET /api/account-links as another account: ${strangers.status} ${JSON.stringify(strangers.body)}`);
    // A zip of the owner's file and folders: nothing of them for another account or another member (403, nothing to download).
    for (const who of [stranger, await signedInAgain(member)]) {
      const items = [ids['/api/files/{id}'], ids['/api/folders/{id}'], ids['/api/team-folders/{id}']];
      const res = await call('/api/downloads', { body: { items }, token: who.accessToken });
      if (res.status !== 403) allowed.push(`POST /api/downloads of the owner's items as ${who === stranger ? 'another account' : 'a member'}: ${res.status}`);
    }
    expect(allowed).toEqual([]);

    // And nothing of the owner's changed.
    const token = owner.accessToken;
    const file = (await call<{ items: FileItem[] }>('/api/files?folder=root', { token })).body.items.find((i) => i.id === ids['/api/files/{id}']);
    expect(file).toMatchObject({ name: 'Salaries.xlsx', deletedAt: null });
    expect((await call<ListSharesReply>('/api/shares?direction=by-me', { token })).body.items.map((s) => s.id)).toEqual([ids['/api/shares/{id}']]);
    expect((await call<ListLinksReply>(`/api/links?fileId=${ids['/api/files/{id}']}`, { token })).body.items).toEqual([
      expect.objectContaining({ id: ids['/api/links/{id}'], hasPassword: true }),
    ]);
    expect((await call<{ linksAllowed: boolean }>('/api/sharing-policy', { token })).body).toMatchObject({ linksAllowed: true });
    expect((await call<ListFileRequestsReply>('/api/file-requests', { token })).body.items.map((r) => r.id)).toEqual([ids['/api/file-requests/{id}']]);
    expect((await call<ListTeamReply>('/api/team', { token })).body.items.some((m) => m.id === ids['/api/team/members/{id}'])).toBe(true);
    expect((await call<ListTeamReply>('/api/team', { token })).body.items.find((m) => m.id === ids['/api/invitations/{id}/join'])).toMatchObject({
      status: 'pending',
    });
    expect((await call<ListRolesReply>('/api/roles', { token })).body.items.map((r) => r.id)).toContain(ids['/api/roles/{id}']);
    // The owner is still signed in on the session others tried to end, and the member too.
    expect((await call<ListSessionsReply>('/api/auth/sessions', { token })).body.items.find((s) => s.current)?.id).toBe(ids['/api/auth/sessions/{id}']);
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: member.cookie })).status).toBe(200);
    expect((await call<ListNotificationsReply>('/api/notifications', { token: recipient.accessToken })).body.items[0]).toMatchObject({
      id: ids['/api/notifications/{id}/read'],
      read: false,
    });
    expect((await call<FileItem>(`/api/uploads/${ids['/api/uploads/{id}/complete']}/complete`, { method: 'POST', token })).body).toMatchObject({
      statusCode: 400,
    });
  }, 120_000);

  it("tells a link-preview bot nothing behind a link's password, and nothing of a token that is no link (GET /api/public-links/{token}/preview)", async () => {
    const preview = (token: string) =>
      fetch(`${appUrl()}/api/public-links/${token}/preview`, { headers: { 'user-agent': 'facebookexternalhit/1.1' }, redirect: 'manual' });
    const locked = await preview(linkToken);
    expect(locked.status).toBe(200);
    expect(await locked.text()).not.toContain('Salaries');
    const guessed = await preview('A'.repeat(43));
    expect(guessed.status).toBe(200);
    expect(await guessed.text()).not.toContain('Olive');
    expect((await preview('not-a-token')).status).toBe(400);
  });
  it("serves a file's thumbnail to whoever may view the file, and never to a member outside the folder's list or another account", async () => {
    const path = `/api/files/${ids['/api/files/{id}/thumbnail']}/thumbnail`;
    const fetched = (token: string) => fetch(`${appUrl()}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const own = await fetched(owner.accessToken);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/webp');
    expect(own.headers.get('cache-control')).toBe('private, max-age=3600');
    expect((await own.arrayBuffer()).byteLength).toBeGreaterThan(0);
    // The member is in the account but not on the team folder's list; the stranger is in another account.
    const asMember = await fetched((await signedInAgain(member)).accessToken);
    expect(asMember.status).toBe(403);
    expect(await asMember.text()).not.toContain('RIFF');
    expect((await fetched(stranger.accessToken)).status).toBe(404);
  });
  it("refuses each of the owner's items in a selection to another account's user and to a member: every bulk action answers them refused, nothing changes", async () => {
    const fileId = ids['/api/files/{id}'];
    const folderId = ids['/api/folders/{id}'];
    const allowed: string[] = [];
    for (const who of [stranger, await signedInAgain(member)]) {
      for (const action of ['move', 'trash', 'restore', 'delete']) {
        const res = await call<{ done: string[]; refused: Array<{ id: string }> }>(`/api/files/bulk/${action}`, {
          body: { items: [fileId, folderId], ...(action === 'move' && { folderId: 'root' }) },
          token: who.accessToken,
        });
        if (res.status !== 200 || res.body.done.length > 0 || res.body.refused.length !== 2)
          allowed.push(`${action} as ${who === stranger ? 'another account' : 'a member'}: ${res.status} ${JSON.stringify(res.body)}`);
      }
      // Into the owner's folder: refused as a whole.
      const into = await call('/api/files/bulk/move', { body: { items: [fileId], folderId }, token: who.accessToken });
      if (into.status !== 404) allowed.push(`move into the owner's folder as ${who === stranger ? 'another account' : 'a member'}: ${into.status}`);
    }
    expect(allowed).toEqual([]);
    const root = (await call<{ items: FileItem[] }>('/api/files?folder=root', { token: owner.accessToken })).body.items;
    expect(root.find((i) => i.id === fileId)).toMatchObject({ deletedAt: null, folderId: 'root' });
    expect(root.find((i) => i.id === folderId)).toMatchObject({ deletedAt: null, folderId: 'root' });
  }, 60_000);

  it('refuses every route but setting up two-factor to a member whose account requires it and who has none (403)', async () => {
    expect((await call('/api/sign-in-policy', { method: 'PUT', body: { requireTwoFactor: true }, token: owner.accessToken })).status).toBe(200);
    try {
      const signedIn = await call<{ accessToken: string }>('/api/auth/sign-in', { body: { email: member.email, password: member.password } });
      const pending = signedIn.body.accessToken;
      const allowed: string[] = [];
      for (const route of operations().filter((o) => o.needsSession && !TWO_FACTOR_SETUP_ROUTES.has(o.route))) {
        const res = await ask(route, pending);
        if (res.status !== 403 || res.body.code !== 'TWO_FACTOR_SETUP_REQUIRED') allowed.push(`${route.route}: ${res.status} ${res.body.code}`);
      }
      expect(allowed).toEqual([]);
    } finally {
      expect((await call('/api/sign-in-policy', { method: 'PUT', body: { requireTwoFactor: false }, token: owner.accessToken })).status).toBe(200);
    }
  }, 120_000);

  it('lets only the invited person answer an invitation, and no one of either account join, leave or remove for someone else, whatever their role', async () => {
    /** An account on Business with a user of every role. */
    const accountOf = async (name: string) => {
      const accountOwner = await confirmedUser(`${name} Owner`);
      await call('/api/subscription/trial', { body: { plan: 'business' }, token: accountOwner.accessToken });
      const [admin, moderator, plainMember] = await Promise.all([
        joinedMember(accountOwner, 'admin'),
        joinedMember(accountOwner, 'member'),
        joinedMember(accountOwner, 'member'),
      ]);
      expect((await call('/api/roles', { body: { email: moderator.email, role: 'moderator' }, token: accountOwner.accessToken })).status).toBe(201);
      return { owner: accountOwner, admin, moderator: await refreshed(moderator), member: plainMember };
    };
    const [a, b] = [await accountOf('Alpha'), await accountOf('Beta')];
    const everyone = Object.entries({ ...prefixed('A', a), ...prefixed('B', b) });
    const invited = await confirmedUser('Ivo Invited');
    const { id } = (await invite(a.owner, invited.email)).body;
    const teamOf = async (user: TestUser) => (await call<ListTeamReply>('/api/team', { token: user.accessToken })).body.items.map((m) => [m.email, m.status]);
    const [teamA, teamB] = [await teamOf(a.owner), await teamOf(b.owner)];
    const accountIdOf = async (user: TestUser) => (await call<Profile>('/api/profile', { token: user.accessToken })).body.accountId;

    const allowed: string[] = [];
    const expectStatus = (what: string, status: number, expected: number) => status !== expected && allowed.push(`${what}: ${status}, expected ${expected}`);
    for (const [who, user] of everyone) {
      for (const action of ['join', 'decline'])
        expectStatus(
          `${who} ${action}s another's invitation`,
          (await call(`/api/invitations/${id}/${action}`, { method: 'POST', token: user.accessToken })).status,
          404,
        );
      const listed = (await call<ListInvitationsReply>('/api/invitations', { token: user.accessToken })).body.items.map((i) => i.id);
      if (listed.includes(id)) allowed.push(`${who} sees another's invitation`);
      // Withdrawing and removing: the owner and admins of the account only; a moderator or member is refused (403)
      // and another account's owner or admin finds nothing (404).
      const manager = /owner|admin/.test(who);
      if (who.startsWith('A') && manager) continue;
      const refusal = manager ? 404 : 403;
      const target = (await call<ListTeamReply>('/api/team', { token: a.owner.accessToken })).body.items.find((m) => m.email === a.member.email)!;
      expectStatus(
        `${who} removes a member of A`,
        (await call(`/api/team/members/${target.id}`, { method: 'DELETE', token: user.accessToken })).status,
        refusal,
      );
      expectStatus(`${who} withdraws A's invitation`, (await call(`/api/team/members/${id}`, { method: 'DELETE', token: user.accessToken })).status, refusal);
    }
    // Owners cannot leave; nothing of either account changed.
    for (const owner of [a.owner, b.owner])
      expectStatus('an owner leaves', (await call('/api/team/leave', { method: 'POST', token: owner.accessToken })).status, 409);
    expect(allowed).toEqual([]);
    expect(await teamOf(a.owner)).toEqual(teamA);
    expect(await teamOf(b.owner)).toEqual(teamB);

    // A member leaving takes only themselves out: of their own account, never the other.
    expect((await call('/api/team/leave', { method: 'POST', token: b.member.accessToken })).status).toBe(200);
    expect(await teamOf(b.owner)).toEqual(teamB.filter(([email]) => email !== b.member.email));
    expect(await teamOf(a.owner)).toEqual(teamA);
    // The invited person answers their own invitation; the owner and admin of A remove a member.
    expect((await call(`/api/invitations/${id}/join`, { method: 'POST', token: invited.accessToken })).status).toBe(200);
    const joined = await refreshed(invited);
    expect(await accountIdOf(joined)).toBe(await accountIdOf(a.owner));
    const target = (await call<ListTeamReply>('/api/team', { token: a.owner.accessToken })).body.items.find((m) => m.email === invited.email)!;
    // Their files go to someone of A only: never to someone of another account, nor to the person removed.
    for (const filesTo of [b.owner.userId, b.admin.userId, invited.userId])
      expect((await call(`/api/team/members/${target.id}?filesTo=${filesTo}`, { method: 'DELETE', token: a.admin.accessToken })).status).toBe(400);
    expect((await call(`/api/team/members/${target.id}?filesTo=${a.owner.userId}`, { method: 'DELETE', token: a.admin.accessToken })).status).toBe(200);
    // Removed: every session of theirs ended; signing in again, they are in an account of their own.
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: joined.cookie })).status).toBe(401);
    expect(await accountIdOf(await signedInAgain(joined))).not.toBe(await accountIdOf(a.owner));
  }, 180_000);

  it("lets only the owner and admins of an account see, change, verify or remove its single sign-on; another account's owner only their own", async () => {
    const idp = await startOpenIdProvider({ redirectUris: [`${appUrl()}/login`] });
    try {
      const [pro, other] = [await confirmedUser('Petra Pro'), await confirmedUser('Otto Other')];
      for (const user of [pro, other]) expect((await call('/api/subscription/trial', { body: { plan: 'pro' }, token: user.accessToken })).status).toBe(201);
      const [admin, plainMember] = await Promise.all([joinedMember(pro, 'admin'), joinedMember(pro, 'member')]);
      const domain = `r4-${randomUUID().slice(0, 8)}.test`;
      const body = { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, domains: [domain], createUsers: true, ssoOnly: false };
      const saved = await call<{ sso: { verifications: { txtName: string; txtValue: string }[] } }>('/api/sign-in-policy/sso', {
        method: 'PUT',
        body,
        token: pro.accessToken,
      });
      expect(saved.status).toBe(200);
      const [record] = saved.body.sso.verifications;
      await publishTxt(record.txtName, [record.txtValue]);
      const verify = (token: string) => call('/api/sign-in-policy/sso/verify', { body: { domain }, token });

      const allowed: string[] = [];
      for (const [method, sent] of [
        ['GET', undefined],
        ['PUT', { ...body, createUsers: false }],
        ['DELETE', undefined],
      ] as const) {
        const res = await call('/api/sign-in-policy/sso', { method, body: sent, token: plainMember.accessToken });
        if (res.status !== 403) allowed.push(`${method} as a member: ${res.status}`);
      }
      const memberVerify = await verify(plainMember.accessToken);
      if (memberVerify.status !== 403) allowed.push(`POST verify as a member: ${memberVerify.status}`);
      // Another account's owner cannot verify a domain it does not list (the record published is the account's own).
      const otherVerify = await verify(other.accessToken);
      if (otherVerify.status !== 403 && otherVerify.status !== 404) allowed.push(`POST verify by another account: ${otherVerify.status}`);
      // The admin verifies it: from then on it is the account's alone.
      expect((await verify(admin.accessToken)).status).toBe(200);
      // Another account's owner sees and removes only their own (none), and cannot take the domain.
      expect((await call('/api/sign-in-policy/sso', { token: other.accessToken })).body).toMatchObject({ sso: null });
      expect((await call('/api/sign-in-policy/sso', { method: 'DELETE', token: other.accessToken })).status).toBe(200);
      const taken = await call('/api/sign-in-policy/sso', { method: 'PUT', body, token: other.accessToken });
      if (taken.status !== 409) allowed.push(`PUT of the same domain by another account: ${taken.status}`);
      expect(allowed).toEqual([]);
      // The admin may; nothing the others did changed it.
      expect((await call('/api/sign-in-policy/sso', { token: admin.accessToken })).body).toMatchObject({ sso: { domains: [domain], createUsers: true } });
    } finally {
      await idp.close();
    }
  }, 120_000);

  it("lets only the account's owner choose, subscribe to, change, cancel or resume its plan", async () => {
    const planRoutes = operations().filter((o) => o.path.startsWith('/api/subscription') && o.method !== 'GET');
    expect(planRoutes.map((o) => o.route).sort()).toEqual([
      'POST /api/subscription',
      'POST /api/subscription/cancel',
      'POST /api/subscription/checkout-session',
      'POST /api/subscription/resume',
      'POST /api/subscription/trial',
      'PUT /api/subscription/plan',
    ]);
    // Signed in afresh: the sweep above called every route as the member, sign-out among them.
    const asking = await signedInAgain(member);
    const allowed: string[] = [];
    for (const route of planRoutes) {
      const res = await ask(route, asking.accessToken);
      if (res.status !== 403) allowed.push(`${route.route} as a member: ${res.status}`);
    }
    expect(allowed).toEqual([]);
    expect((await call<{ status: string; planType: string }>('/api/subscription', { token: owner.accessToken })).body).toMatchObject({
      status: 'trial',
      planType: 'business',
    });
  });
});

/** The users of an account keyed "A owner", "A admin"…, for messages that say who was let through. */
function prefixed(prefix: string, users: Record<string, TestUser>): Record<string, TestUser> {
  return Object.fromEntries(Object.entries(users).map(([role, user]) => [`${prefix} ${role}`, user]));
}
