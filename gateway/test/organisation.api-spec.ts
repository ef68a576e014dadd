import { randomBytes } from 'node:crypto';
import {
  AVATAR_NOT_AN_IMAGE,
  AVATAR_TOO_LARGE,
  DEFAULT_EMAIL_PREFERENCES,
  DEFAULT_GENERAL_SETTINGS,
  DELETE_CONFIRMATION_MISMATCH,
  FILES_RECEIVER_IS_LEAVING,
  FILES_RECEIVER_NOT_IN_TEAM,
  handedOverFolderName,
  INVITATION_EMAIL_NOT_CONFIRMED,
  INVITATION_NOT_FOUND,
  LEAVE_AS_OWNER,
  invitationBlockers,
  invitationFilesMove,
  invitationLimitReached,
  invitationRecipientLimitReached,
  type ListInvitationsReply,
  type ListNotificationsReply,
  OWNER_WITH_MEMBERS,
  USER_NOT_FOUND,
  type AvatarUpload,
  type Branding,
  type FileItem,
  type FileLink,
  type ListFilesReply,
  type MemberStorage,
  type ShareLink,
  type HttpErrorBody,
  type ListRolesReply,
  type ListTeamReply,
  type Preferences,
  type Profile,
  type UserRole,
  personalDataInventorySubject,
  type CofferService,
} from '@coffer/contracts';
import { TestCaller } from '@coffer/server-core/testing';
import {
  call,
  capturedMailTo,
  confirmedUser,
  eventStream,
  eventually,
  invitationToken,
  invite,
  joinedMember,
  linkToken,
  mailMatching,
  mailTo,
  objectsOf,
  refreshed,
  signedInAgain,
  signUp,
  uniqueEmail,
  uploadFile,
  type TestUser,
} from './support.js';

type Reply<T> = T & HttpErrorBody;
const MB = 1024 ** 2;
/** The smallest PNG there is: its signature and a 1×1 image. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

const profile = (user: TestUser) => call<Reply<Profile>>('/api/profile', { token: user.accessToken });
const startTrial = (user: TestUser, plan: 'starter' | 'business' | 'pro') => call('/api/subscription/trial', { body: { plan }, token: user.accessToken });
const team = (user: TestUser) => call<Reply<ListTeamReply>>('/api/team', { token: user.accessToken });
const usage = async (user: TestUser) => (await call<{ usedBytes: number }>('/api/storage/usage', { token: user.accessToken })).body.usedBytes;
const invitations = (user: TestUser) => call<Reply<ListInvitationsReply>>('/api/invitations', { token: user.accessToken });
const answer = (user: TestUser, id: string, action: 'join' | 'decline') =>
  call<HttpErrorBody>(`/api/invitations/${id}/${action}`, { method: 'POST', token: user.accessToken });
const listFolder = async (user: TestUser, folder: string) =>
  (await call<ListFilesReply>(`/api/files?folder=${folder}`, { token: user.accessToken })).body.items;
/** The folder a departing member's files were handed over in, once it is in `receiver`'s My files. */
const handedOver = (receiver: TestUser, fullName: string) =>
  eventually(async () => (await listFolder(receiver, 'root')).find((i) => i.name === handedOverFolderName(fullName)));
/** A file's bytes as its owner downloads them. */
async function bytesOf(user: TestUser, fileId: string): Promise<Buffer> {
  const link = await call<FileLink>(`/api/files/${fileId}/link?disposition=attachment`, { token: user.accessToken });
  expect(link.status).toBe(200);
  return Buffer.from(await (await fetch(link.body.url)).arrayBuffer());
}
/** Uploads `bytes` into one of the user's folders. */
async function uploadInto(user: TestUser, folderId: string, name: string, bytes: Buffer): Promise<FileItem> {
  const slot = await call<{ url: string; headers: Record<string, string>; uploadId: string }>('/api/uploads', {
    body: { name, size: bytes.length, mimeType: 'application/pdf', folderId },
    token: user.accessToken,
  });
  await fetch(slot.body.url, { method: 'PUT', headers: slot.body.headers, body: new Uint8Array(bytes) });
  return (await call<FileItem>(`/api/uploads/${slot.body.uploadId}/complete`, { method: 'POST', token: user.accessToken })).body;
}
/** Settings → Storage by member, as the owner or an admin sees it: bytes by user id. */
const storageByMember = async (user: TestUser) =>
  Object.fromEntries((await call<MemberStorage>('/api/storage/members', { token: user.accessToken })).body.items.map((i) => [i.userId, i.bytes]));
const auditEntries = async (user: TestUser) =>
  (await call<{ items: { action: string; actorId: string | null; details: Record<string, string> }[] }>('/api/audit-logs', { token: user.accessToken })).body
    .items;

/** Uploads `bytes` as the avatar, bypassing the browser's checks. */
async function uploadAvatar(user: TestUser, bytes: Buffer, declared = { contentType: 'image/png', size: bytes.length }) {
  const slot = await call<Reply<AvatarUpload>>('/api/profile/avatar/upload-url', { body: declared, token: user.accessToken });
  expect(slot.status).toBe(200);
  const put = await fetch(slot.body.url, { method: 'PUT', headers: slot.body.headers, body: new Uint8Array(bytes) });
  const set = await call<Reply<Profile>>('/api/profile/avatar', { body: { uploadId: slot.body.uploadId }, token: user.accessToken });
  return { ...set, stored: put.status };
}

const SERVICES: CofferService[] = ['auth', 'files', 'sharing', 'billing', 'notification'];

/** What every service still holds of a person, service by service (asked over the stack's NATS, as no browser can). */
async function personalData(rpc: TestCaller, person: { userId: string; email: string }) {
  const counts: Record<string, Record<string, number>> = {};
  for (const service of SERVICES) counts[service] = (await rpc.request(personalDataInventorySubject(service), person)).counts;
  return counts;
}
const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

describe('the organisation', () => {
  let rpc: TestCaller;
  beforeAll(() => {
    rpc = new TestCaller(process.env.COFFER_TEST_STACK_NATS_URL);
  });
  afterAll(() => rpc.close());

  it('keeps the profile of the account page, and names the account after the owner or their company', async () => {
    const owner = await signUp({ fullName: 'Ada Byron' });
    const before = (await profile(owner)).body;
    expect(before).toMatchObject({
      userId: owner.userId,
      fullName: 'Ada Byron',
      firstName: 'Ada',
      lastName: 'Byron',
      email: owner.email,
      emailVerified: false,
      company: '',
      jobTitle: '',
      avatarUrl: null,
      twoFactorEnabled: false,
      accountName: 'Ada Byron',
      role: 'owner',
    });

    const saved = await call<Reply<Profile>>('/api/profile', {
      method: 'PATCH',
      body: { firstName: ' Ada ', lastName: 'Lovelace', company: 'Analytical Engines Ltd', jobTitle: 'Engineer' },
      token: owner.accessToken,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      fullName: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Analytical Engines Ltd',
      jobTitle: 'Engineer',
      accountName: 'Analytical Engines Ltd',
    });
    expect((await profile(owner)).body.fullName).toBe('Ada Lovelace');

    const empty = await call<Reply<Profile>>('/api/profile', { method: 'PATCH', body: { firstName: '  ', lastName: 'X' }, token: owner.accessToken });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please enter your first name');
    const tooLong = await call<Reply<Profile>>('/api/profile', { method: 'PATCH', body: { firstName: 'A'.repeat(101) }, token: owner.accessToken });
    expect(tooLong.body.message).toBe('First name is too long');
    expect((await call('/api/profile')).status).toBe(401);
  });

  it('takes a JPG, PNG or GIF under 2 MB as the avatar, judged by its bytes even when the browser is bypassed', async () => {
    const user = await signUp();
    const declaredTooLarge = await call<Reply<AvatarUpload>>('/api/profile/avatar/upload-url', {
      body: { contentType: 'image/png', size: 2 * MB },
      token: user.accessToken,
    });
    expect(declaredTooLarge.status).toBe(400);
    expect(declaredTooLarge.body.message).toBe(AVATAR_TOO_LARGE);
    const declaredSvg = await call<Reply<AvatarUpload>>('/api/profile/avatar/upload-url', {
      body: { contentType: 'image/svg+xml', size: 100 },
      token: user.accessToken,
    });
    expect(declaredSvg.body.message).toBe(AVATAR_NOT_AN_IMAGE);

    // Declared small, but the bytes sent are over 2 MB: the store takes only the signed size, so none arrive.
    const oversized = await uploadAvatar(user, Buffer.concat([PNG, randomBytes(2 * MB)]), { contentType: 'image/png', size: 1000 });
    expect(oversized.stored).toBe(403);
    expect(oversized.body).toMatchObject({ statusCode: 404, message: 'Upload not found' });
    // Declared a PNG, but the bytes are a script.
    const script = await uploadAvatar(user, Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(script.status).toBe(400);
    expect(script.body.message).toBe(AVATAR_NOT_AN_IMAGE);
    // Declared a GIF, but the bytes are a PNG.
    const mislabelled = await uploadAvatar(user, PNG, { contentType: 'image/gif', size: PNG.length });
    expect(mislabelled.body.message).toBe(AVATAR_NOT_AN_IMAGE);
    expect((await profile(user)).body.avatarUrl).toBeNull();

    const set = await uploadAvatar(user, PNG);
    expect([set.stored, set.status]).toEqual([200, 200]);
    const image = await fetch(set.body.avatarUrl!);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    // An upload is used once.
    const again = await call<Reply<Profile>>('/api/profile/avatar', {
      body: {
        uploadId: (await call<AvatarUpload>('/api/profile/avatar/upload-url', { body: { contentType: 'image/png', size: 10 }, token: user.accessToken })).body
          .uploadId,
      },
      token: user.accessToken,
    });
    expect(again.status).toBe(404);
  });

  it('saves email preferences and general settings per user, with the defaults until then', async () => {
    const user = await signUp();
    const other = await signUp();
    expect((await call<Preferences>('/api/preferences', { token: user.accessToken })).body).toEqual({
      email: DEFAULT_EMAIL_PREFERENCES,
      general: DEFAULT_GENERAL_SETTINGS,
      fileView: 'grid',
    });

    const general = { language: 'fr', timezone: 'cet', emailNotifications: false, pushNotifications: true };
    expect((await call<Preferences>('/api/preferences', { method: 'PATCH', body: { general }, token: user.accessToken })).status).toBe(200);
    const email = { marketing: false, productUpdates: true, securityAlerts: true, newsletter: true };
    const saved = await call<Preferences>('/api/preferences', { method: 'PATCH', body: { email }, token: user.accessToken });
    expect(saved.body).toEqual({ email, general, fileView: 'grid' });
    expect((await call<Preferences>('/api/preferences', { token: user.accessToken })).body).toEqual({ email, general, fileView: 'grid' });
    expect((await call<Preferences>('/api/preferences', { token: other.accessToken })).body.general).toEqual(DEFAULT_GENERAL_SETTINGS);

    const bad = await call<Reply<Preferences>>('/api/preferences', {
      method: 'PATCH',
      body: { general: { ...general, language: 'xx' } },
      token: user.accessToken,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please choose a language');
  });

  it("keeps each user's file view (grid or list) on the server, so it follows them to another browser, and leaves the rest as it was", async () => {
    const user = await signUp();
    const other = await signUp();
    const general = { language: 'de', timezone: 'pst', emailNotifications: true, pushNotifications: false };
    await call('/api/preferences', { method: 'PATCH', body: { general }, token: user.accessToken });

    const saved = await call<Preferences>('/api/preferences', { method: 'PATCH', body: { fileView: 'list' }, token: user.accessToken });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ email: DEFAULT_EMAIL_PREFERENCES, general, fileView: 'list' });
    // Another sign-in (another browser) of the same user reads it.
    const again = await signedInAgain(user);
    expect((await call<Preferences>('/api/preferences', { token: again.accessToken })).body.fileView).toBe('list');
    expect((await call<Preferences>('/api/preferences', { token: other.accessToken })).body.fileView).toBe('grid');

    const bad = await call<Reply<Preferences>>('/api/preferences', { method: 'PATCH', body: { fileView: 'table' }, token: user.accessToken });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('fileView must be one of grid, list');
    expect((await call<Preferences>('/api/preferences', { token: user.accessToken })).body.fileView).toBe('list');
  });

  it('invites by email: the invitee signs up from the link, joins the account with the invited role and shows as Active', async () => {
    const owner = await signUp({ fullName: 'Olivia Owner' });
    const email = uniqueEmail('invitee');
    const invited = await invite(owner, email);
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email, role: 'member', status: 'pending', fullName: null });
    expect((await invite(owner, email)).status).toBe(409);
    expect((await invite(owner, '')).body.message).toBe('Please enter an email address');

    const mail = await mailMatching(email, /\/login\?invite=/);
    expect(mail.text).toContain('Olivia Owner');
    expect(mail.text).toContain(`email=${encodeURIComponent(email)}`);
    const token = await invitationToken(email);
    // The link's secret is for that address only.
    const stranger = await signUp({ inviteToken: token });
    expect((await profile(stranger)).body.accountId).not.toBe((await profile(owner)).body.accountId);

    const member = await signUp({ email, fullName: 'Ivy Invitee', inviteToken: token });
    const joined = (await profile(member)).body;
    expect(joined).toMatchObject({ accountId: (await profile(owner)).body.accountId, accountName: 'Olivia Owner', role: 'member', emailVerified: true });
    const list = (await team(owner)).body.items;
    expect(list).toEqual([expect.objectContaining({ email, status: 'active', role: 'member', fullName: 'Ivy Invitee' })]);
    // Everyone in the account sees the team; a user of another account sees only theirs.
    expect((await team(member)).body.items.map((m) => m.email)).toEqual([email]);
    expect((await team(stranger)).body.items).toEqual([]);
  });

  it('names the team in the invitation email: the company once the owner set one, else the owner and their team', async () => {
    const owner = await signUp({ fullName: 'Olivia Owner' });
    const fromOwner = uniqueEmail('invitee');
    await invite(owner, fromOwner);
    expect((await mailMatching(fromOwner, /\/login\?invite=/)).text).toContain('Olivia Owner invited you to join their team on Coffer as a member.');

    const admin = await joinedMember(owner, 'admin', 'Adam Admin');
    const fromAdmin = uniqueEmail('invitee');
    await invite(admin, fromAdmin);
    const byAdmin = await mailMatching(fromAdmin, /\/login\?invite=/);
    expect(byAdmin.subject).toBe('"Adam Admin" invited you to join "Olivia Owner and their team" on Coffer');

    await call('/api/profile', { method: 'PATCH', body: { firstName: 'Olivia', lastName: 'Owner', company: 'Acme Ltd' }, token: owner.accessToken });
    const fromCompany = uniqueEmail('invitee');
    await invite(admin, fromCompany);
    expect((await mailMatching(fromCompany, /\/login\?invite=/)).text).toContain('Adam Admin invited you to join Acme Ltd on Coffer as a member.');
  });

  it('never moves anyone on signing in or confirming their email: an owner invited elsewhere stays in their account, and the inviter sees nothing of them', async () => {
    const inviter = await signUp({ fullName: 'Andrea Acme' });
    expect((await startTrial(inviter, 'business')).status).toBe(201);
    const owner = await confirmedUser('Victor Own');
    const file = await uploadFile(owner, 'Ledger.pdf', randomBytes(500));
    const fresh = await signUp({ fullName: 'Una Confirmed' });
    for (const person of [owner, fresh]) expect((await invite(inviter, person.email, 'admin')).status).toBe(201);
    const before = { owner: (await profile(owner)).body.accountId, fresh: (await profile(fresh)).body.accountId };

    // Signing in, and confirming the address, leave them where they are: their token stays good, their account and files too.
    const signIn = await call<{ accessToken: string }>('/api/auth/sign-in', { body: { email: owner.email, password: owner.password, rememberMe: false } });
    expect(signIn.status).toBe(200);
    const token = linkToken(await mailMatching(fresh.email, /verify-email\?token=/), '/verify-email');
    expect((await call('/api/auth/email/verify', { body: { token } })).status).toBe(204);
    for (const [person, accountId] of [
      [owner, before.owner],
      [fresh, before.fresh],
    ] as const) {
      expect((await profile(person)).body).toMatchObject({ accountId, role: 'owner' });
      expect((await profile({ ...person, accessToken: (await refreshed(person)).accessToken })).body.accountId).toBe(accountId);
    }
    expect((await call<{ items: { id: string }[] }>('/api/files?folder=root', { token: signIn.body.accessToken })).body.items.map((f) => f.id)).toContain(
      file.id,
    );
    // The inviter sees them Pending, and its audit log has nothing they did.
    expect((await team(inviter)).body.items.map((m) => [m.email, m.status]).sort()).toEqual(
      [
        [owner.email, 'pending'],
        [fresh.email, 'pending'],
      ].sort(),
    );
    const log = await eventually(async () => {
      const { body } = await call<{ items: { action: string; actorId: string | null }[] }>('/api/audit-logs?limit=1000', { token: inviter.accessToken });
      return body.items.filter((e) => e.action === 'team.invite').length === 2 && body.items;
    });
    expect(log.filter((e) => e.actorId === owner.userId || e.actorId === fresh.userId)).toEqual([]);
  });

  it('lets the invited person join with Join once their address is confirmed: their files go with them, the inviter sees Active and is told', async () => {
    const inviter = await signUp({ fullName: 'Andrea Acme' });
    const person = await signUp({ fullName: 'Vera Invited' });
    const file = await uploadFile(person, 'Mine.pdf', randomBytes(700));
    await eventually(async () => (await call<{ items: unknown[] }>('/api/files?folder=root', { token: inviter.accessToken })).body.items.length >= 4);
    const inviterBefore = await usage(inviter);
    expect((await invite(inviter, person.email, 'admin')).status).toBe(201);
    const listed = await invitations(person);
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ emailConfirmed: false, currentAccountName: 'Vera Invited', canLeave: false });
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        accountName: 'Andrea Acme',
        inviterName: 'Andrea Acme',
        role: 'admin',
        blocker: null,
        filesNote: invitationFilesMove('Andrea Acme'),
      }),
    ]);
    const { id } = listed.body.items[0];
    // Not confirmed yet: Join (and Decline) are refused with what to do, and nothing changes.
    const unconfirmed = await answer(person, id, 'join');
    expect([unconfirmed.status, unconfirmed.body.code, unconfirmed.body.message]).toEqual([403, 'EMAIL_NOT_CONFIRMED', INVITATION_EMAIL_NOT_CONFIRMED]);
    expect((await answer(person, id, 'decline')).status).toBe(403);
    expect((await team(inviter)).body.items).toEqual([expect.objectContaining({ email: person.email, status: 'pending' })]);

    const token = linkToken(await mailMatching(person.email, /verify-email\?token=/), '/verify-email');
    expect((await call('/api/auth/email/verify', { body: { token } })).status).toBe(204);
    expect((await invitations(person)).body.emailConfirmed).toBe(true);
    // Only the person whose address was invited may answer: anyone else is told it does not exist.
    const third = await confirmedUser();
    for (const action of ['join', 'decline'] as const) {
      const other = await answer(third, id, action);
      expect([action, other.status, other.body.message]).toEqual([action, 404, INVITATION_NOT_FOUND]);
    }
    expect((await invitations(third)).body.items).toEqual([]);

    expect((await answer(person, id, 'join')).status).toBe(200);
    const now = await refreshed(person);
    expect((await profile(now)).body).toMatchObject({ accountId: (await profile(inviter)).body.accountId, role: 'admin' });
    expect((await team(inviter)).body.items).toEqual([expect.objectContaining({ email: person.email, status: 'active', fullName: 'Vera Invited' })]);
    expect((await invitations(now)).body.items).toEqual([]);
    expect((await answer(now, id, 'join')).status).toBe(404);
    // Their file went with them: still theirs, counted in the inviting account's storage now.
    expect((await call<{ items: { id: string }[] }>('/api/files?folder=root', { token: now.accessToken })).body.items.map((f) => f.id)).toContain(file.id);
    await eventually(async () => (await usage(inviter)) === inviterBefore + 700);
    const told = await eventually(async () =>
      (await call<ListNotificationsReply>('/api/notifications', { token: inviter.accessToken })).body.items.find((n) => n.type === 'invitation_accepted'),
    );
    expect(told.message).toBe('Vera Invited accepted your invitation and joined your team');
  });

  it('lets one of two Joins sent at once win: the person ends in one account, the other invitation still Pending', async () => {
    const [first, second] = [await signUp({ fullName: 'First Co' }), await signUp({ fullName: 'Second Co' })];
    const person = await confirmedUser('Quick Clicker');
    for (const inviter of [first, second]) expect((await invite(inviter, person.email)).status).toBe(201);
    const items = (await invitations(person)).body.items;
    const answers = await Promise.all(items.map((i) => answer(person, i.id, 'join')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const joined = items[answers.findIndex((a) => a.status === 200)];
    const accountId = (await profile(await refreshed(person))).body.accountId;
    const [winner, loser] = joined.accountName === 'First Co' ? [first, second] : [second, first];
    expect(accountId).toBe((await profile(winner)).body.accountId);
    expect((await team(loser)).body.items).toEqual([expect.objectContaining({ email: person.email, status: 'pending' })]);
  });

  it('refuses Join to someone in an account with other people, naming it; a member leaves it first, their files staying with the owner', async () => {
    const inviter = await signUp({ fullName: 'Andrea Acme' });
    const owner = await confirmedUser('Xavier Owner');
    expect((await startTrial(owner, 'business')).status).toBe(201);
    let member = await joinedMember(owner, 'member', 'Mia Member');
    const file = await uploadFile(member, 'Notes.pdf', randomBytes(300));
    for (const person of [owner, member]) expect((await invite(inviter, person.email)).status).toBe(201);

    // The owner of an account with a member: told to remove them first.
    const ownersInvitation = (await invitations(owner)).body.items[0];
    expect(ownersInvitation.blocker).toBe(invitationBlockers.ownerWithMembers('Xavier Owner', 'Andrea Acme'));
    const refused = await answer(owner, ownersInvitation.id, 'join');
    expect([refused.status, refused.body.code, refused.body.message]).toEqual([
      409,
      'CONFLICT',
      invitationBlockers.ownerWithMembers('Xavier Owner', 'Andrea Acme'),
    ]);
    expect((await call<HttpErrorBody>('/api/team/leave', { method: 'POST', token: owner.accessToken })).body.message).toBe(LEAVE_AS_OWNER);

    // A member: told to leave first, and what happens to their files; they may leave themselves.
    const listed = (await invitations(member)).body;
    expect(listed).toMatchObject({ currentAccountName: 'Xavier Owner', canLeave: true });
    expect(listed.items[0].blocker).toBe(invitationBlockers.member('Xavier Owner', 'Andrea Acme'));
    const memberRefused = await answer(member, listed.items[0].id, 'join');
    expect([memberRefused.status, memberRefused.body.message]).toEqual([409, invitationBlockers.member('Xavier Owner', 'Andrea Acme')]);
    expect((await profile(member)).body.accountId).toBe((await profile(owner)).body.accountId);

    expect((await call('/api/team/leave', { method: 'POST', token: member.accessToken })).status).toBe(200);
    expect((await team(owner)).body.items).toEqual([]);
    member = await refreshed(member);
    expect((await profile(member)).body).toMatchObject({ role: 'owner', accountName: 'Mia Member' });
    // Their file stays with the account: the owner has it; they start an empty account of their own.
    const handed = await handedOver(owner, 'Mia Member');
    expect((await listFolder(owner, handed.id)).map((f) => f.id)).toContain(file.id);
    expect((await listFolder(member, 'root')).map((f) => f.name).sort()).toEqual(['Documents', 'Images', 'Invoices', 'Projects']);
    const left = await eventually(async () => (await auditEntries(owner)).find((e) => e.action === 'team.leave'));
    expect(left.details).toEqual({ email: member.email, filesTo: owner.email });

    // Alone in an account of their own now: they may join.
    const again = (await invitations(member)).body.items[0];
    expect(again).toMatchObject({ blocker: null, filesNote: invitationFilesMove('Andrea Acme') });
    expect((await answer(member, again.id, 'join')).status).toBe(200);
    expect((await profile(await refreshed(member))).body.accountId).toBe((await profile(inviter)).body.accountId);
  });

  it("declines: the invitation is gone from the inviter's list, the inviter is told, and the log keeps it", async () => {
    const inviter = await signUp({ fullName: 'Andrea Acme' });
    expect((await startTrial(inviter, 'business')).status).toBe(201);
    const person = await confirmedUser('Dana Decliner');
    expect((await invite(inviter, person.email)).status).toBe(201);
    const { id } = (await invitations(person)).body.items[0];
    const stream = await eventStream(inviter);
    try {
      expect((await answer(person, id, 'decline')).status).toBe(200);
      await eventually(
        async () => stream.received.includes('event: team') && stream.received.includes('events.auth.team.invitation-declined') && stream.received.includes(id),
      );
    } finally {
      await stream.stop();
    }
    expect((await team(inviter)).body.items).toEqual([]);
    expect((await invitations(person)).body.items).toEqual([]);
    expect((await answer(person, id, 'join')).status).toBe(404);
    expect((await profile(person)).body.role).toBe('owner');
    const told = await eventually(async () =>
      (await call<ListNotificationsReply>('/api/notifications', { token: inviter.accessToken })).body.items.find((n) => n.type === 'invitation_declined'),
    );
    expect([told.title, told.message]).toEqual(['Invitation declined', 'Dana Decliner declined your invitation to join your team']);
    const logged = await eventually(async () =>
      (
        await call<{ items: { action: string; actorId: string; details: Record<string, string> }[] }>('/api/audit-logs', { token: inviter.accessToken })
      ).body.items.find((e) => e.action === 'team.invite_decline'),
    );
    expect(logged).toMatchObject({ actorId: person.userId, details: { email: person.email } });
  });

  it('limits invitation emails per address and per sender in an hour, answering 429 with when to try again', async () => {
    const owner = await signUp();
    const email = uniqueEmail('flooded');
    for (let i = 0; i < 3; i++) {
      const sent = await invite(owner, email);
      expect(sent.status).toBe(201);
      expect((await call(`/api/team/members/${sent.body.id}`, { method: 'DELETE', token: owner.accessToken })).status).toBe(200);
    }
    const again = await invite(owner, email);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('TOO_MANY_ATTEMPTS');
    const retryAfter = Number(again.res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(again.body.message).toBe(invitationRecipientLimitReached('60 minutes'));
    await eventually(async () => (await capturedMailTo(email)).length === 3);
    expect((await team(owner)).body.items).toEqual([]);

    // 20 addresses an hour from one sender; the 21st waits (the emails sent so far count: 3 above).
    for (let i = 0; i < 17; i++) expect((await invite(owner, uniqueEmail('many'))).status).toBe(201);
    const beyond = await invite(owner, uniqueEmail('many'));
    expect([beyond.status, beyond.body.message]).toEqual([429, invitationLimitReached('60 minutes')]);
    expect(Number(beyond.res.headers.get('retry-after'))).toBeGreaterThan(3500);
    // Another sender is not held back.
    expect((await invite(await signUp(), email)).status).toBe(201);
  });

  it('enforces every cell of the roles matrix for team, roles, branding and delete, server side', async () => {
    const owner = await signUp({ fullName: 'Matrix Owner' });
    let admin = await joinedMember(owner, 'admin');
    let moderator = await joinedMember(owner, 'member');
    const member = await joinedMember(owner, 'member');
    const outsider = await signUp();

    // Below Business: no roles, no branding, for anyone.
    for (const user of [owner, admin]) {
      const roles = await call<Reply<ListRolesReply>>('/api/roles', { token: user.accessToken });
      expect(roles.status).toBe(403);
      expect(roles.body.message).toBe('User permissions are available on the Business, Pro and Enterprise plans.');
      const branding = await call<Reply<Branding>>('/api/branding', {
        method: 'PUT',
        body: { primaryColor: '#112233', secondaryColor: '#ddeeff' },
        token: user.accessToken,
      });
      expect(branding.status).toBe(403);
      expect(branding.body.message).toBe('Custom branding is available on the Business, Pro and Enterprise plans.');
    }
    expect((await startTrial(owner, 'starter')).status).toBe(201);
    expect((await call('/api/roles', { token: owner.accessToken })).status).toBe(403);
    expect((await startTrial(owner, 'business')).status).toBe(201);

    // The owner makes someone a moderator; a stranger's email is not found; the owner's own role cannot change.
    const given = await call<Reply<UserRole>>('/api/roles', { body: { email: moderator.email, role: 'moderator' }, token: owner.accessToken });
    expect(given.status).toBe(201);
    expect((await call<Reply<UserRole>>('/api/roles', { body: { email: outsider.email, role: 'admin' }, token: owner.accessToken })).body.message).toBe(
      USER_NOT_FOUND,
    );
    expect((await call<Reply<UserRole>>('/api/roles', { body: { email: uniqueEmail('nobody'), role: 'admin' }, token: owner.accessToken })).body.message).toBe(
      USER_NOT_FOUND,
    );
    expect((await call<Reply<UserRole>>('/api/roles', { body: { email: owner.email, role: 'member' }, token: owner.accessToken })).status).toBe(400);
    expect((await profile(moderator)).status).toBe(401);
    moderator = await refreshed(moderator);
    expect((await profile(moderator)).body.role).toBe('moderator');
    admin = await refreshed(admin);
    // The Team list shows each member's role as it is now, not the one they were invited with.
    const roleInTeam = async (email: string) => (await team(owner)).body.items.find((m) => m.email === email)?.role;
    expect(await roleInTeam(moderator.email)).toBe('moderator');
    expect(await roleInTeam(admin.email)).toBe('admin');

    const brandingBody = { companyName: 'Matrix Ltd', logoUrl: 'https://example.com/logo.png', primaryColor: '#112233', secondaryColor: '#AABBCC' };
    const cases: [name: string, user: TestUser | undefined, may: boolean][] = [
      ['owner', owner, true],
      ['admin', admin, true],
      ['moderator', moderator, false],
      ['member', member, false],
    ];
    for (const [name, user, may] of cases) {
      const token = user!.accessToken;
      const denied = may ? undefined : 403;
      const email = uniqueEmail(`by-${name}`);
      const invited = await invite(user!, email);
      expect([name, invited.status]).toEqual([name, denied ?? 201]);
      expect([name, (await team(user!)).status]).toEqual([name, 200]);
      const roles = await call('/api/roles', { token });
      expect([name, roles.status]).toEqual([name, denied ?? 200]);
      const addRole = await call('/api/roles', { body: { email: member.email, role: 'member' }, token });
      expect([name, addRole.status]).toEqual([name, denied ?? 201]);
      const branding = await call<Reply<Branding>>('/api/branding', { method: 'PUT', body: brandingBody, token });
      expect([name, branding.status]).toEqual([name, denied ?? 200]);
      // Everyone in the account sees the branding.
      expect([name, (await call<Branding>('/api/branding', { token })).body.companyName]).toEqual([name, 'Matrix Ltd']);
      if (may) {
        const pending = (await team(owner)).body.items.find((m) => m.email === email)!;
        expect((await call(`/api/team/members/${pending.id}`, { method: 'DELETE', token })).status).toBe(200);
      } else {
        const someone = (await team(owner)).body.items[0];
        const removed = await call<HttpErrorBody>(`/api/team/members/${someone.id}`, { method: 'DELETE', token });
        expect([name, removed.status, removed.body.message]).toEqual([name, 403, 'Only the account owner and admins can manage the team.']);
        const role = (await call<ListRolesReply>('/api/roles', { token: owner.accessToken })).body.items[0];
        expect([name, (await call(`/api/roles/${role.id}`, { method: 'DELETE', token })).status]).toEqual([name, 403]);
      }
    }
    expect((await call<Branding>('/api/branding', { token: owner.accessToken })).body).toEqual({ ...brandingBody, secondaryColor: '#aabbcc', custom: true });
    const insecureLogo = await call<Reply<Branding>>('/api/branding', {
      method: 'PUT',
      body: { ...brandingBody, logoUrl: 'http://example.com/logo.png' },
      token: owner.accessToken,
    });
    expect(insecureLogo.body.message).toBe('Logo URL must be an https:// address');
    // A secondary colour too close to the primary to read on it is refused with the reason; the saved branding stays.
    const unreadable = await call<Reply<Branding>>('/api/branding', {
      method: 'PUT',
      body: { ...brandingBody, secondaryColor: '#223344' },
      token: owner.accessToken,
    });
    expect([unreadable.status, unreadable.body.message]).toEqual([
      400,
      'Secondary color is hard to read on the primary color (contrast 1.2:1, at least 4.5:1 is needed)',
    ]);
    expect((await call<Branding>('/api/branding', { token: owner.accessToken })).body.secondaryColor).toBe('#aabbcc');
    expect(
      (await call<Reply<Branding>>('/api/branding', { method: 'PUT', body: { ...brandingBody, logoUrl: 'javascript:alert(1)' }, token: owner.accessToken }))
        .status,
    ).toBe(400);

    // A user of another account reaches nothing of this one.
    const someMember = (await team(owner)).body.items[0];
    const someRole = (await call<ListRolesReply>('/api/roles', { token: owner.accessToken })).body.items[0];
    expect((await call(`/api/team/members/${someMember.id}`, { method: 'DELETE', token: outsider.accessToken })).status).toBe(404);
    expect((await call<Branding>('/api/branding', { token: outsider.accessToken })).body.custom).toBe(false);
    expect((await startTrial(outsider, 'business')).status).toBe(201);
    expect((await call(`/api/roles/${someRole.id}`, { method: 'DELETE', token: outsider.accessToken })).status).toBe(404);
    expect((await call<ListRolesReply>('/api/roles', { token: outsider.accessToken })).body.items).toEqual([]);
    expect((await call<Branding>('/api/branding', { token: outsider.accessToken })).body.companyName).toBe('');

    // No session: nothing.
    for (const [method, path] of [
      ['GET', '/api/team'],
      ['POST', '/api/team/invitations'],
      ['DELETE', `/api/team/members/${someMember.id}`],
      ['GET', '/api/roles'],
      ['POST', '/api/roles'],
      ['DELETE', `/api/roles/${someRole.id}`],
      ['GET', '/api/branding'],
      ['PUT', '/api/branding'],
      ['POST', '/api/account/delete'],
    ]) {
      expect([method, path, (await call(path, { method, body: method === 'GET' || method === 'DELETE' ? undefined : {} })).status]).toEqual([
        method,
        path,
        401,
      ]);
    }

    // Delete: the owner of an account with members is told to remove them first; a member deletes only themselves.
    const ownerDelete = await call<HttpErrorBody>('/api/account/delete', { body: { email: owner.email }, token: owner.accessToken });
    expect([ownerDelete.status, ownerDelete.body.message]).toEqual([409, OWNER_WITH_MEMBERS]);
    const mistyped = await call<HttpErrorBody>('/api/account/delete', { body: { email: 'not-me@example.com' }, token: member.accessToken });
    expect([mistyped.status, mistyped.body.message]).toEqual([400, DELETE_CONFIRMATION_MISMATCH]);
    expect((await call('/api/account/delete', { body: { email: member.email.toUpperCase() }, token: member.accessToken })).status).toBe(200);
    expect((await team(owner)).body.items.map((m) => m.email)).not.toContain(member.email);
    expect((await profile(owner)).status).toBe(200);
  });

  it('removes a member, their files going to the admin chosen: "<Full Name>\'s files" byte for byte, their share still open, the member signed out', async () => {
    const owner = await confirmedUser('Olga Owner');
    expect((await startTrial(owner, 'business')).status).toBe(201);
    const admin = await joinedMember(owner, 'admin', 'Ada Admin');
    let member = await joinedMember(owner, 'member', 'Mia Member');
    const recipient = await confirmedUser('Rita Recipient');
    const stranger = await signUp();
    // Their My files: a file at the root, one in a folder of theirs, one in the trash, and a share of the first.
    const [topBytes, dealBytes, oldBytes] = [randomBytes(3000), randomBytes(5000), randomBytes(700)];
    const top = await uploadFile(member, 'Top.pdf', topBytes);
    const deals = (await call<FileItem>('/api/folders', { body: { name: 'Deals', parentId: 'root' }, token: member.accessToken })).body;
    const deal = await uploadInto(member, deals.id, 'Deal.pdf', dealBytes);
    const old = await uploadFile(member, 'Old.pdf', oldBytes);
    expect((await call(`/api/files/${old.id}/trash`, { method: 'POST', token: member.accessToken })).status).toBe(200);
    const shared = await call<{ id: string }>('/api/shares', { body: { fileId: top.id, email: recipient.email }, token: member.accessToken });
    expect(shared.status).toBe(201);
    const before = await usage(owner);
    const stream = await eventStream(member);
    // Settings → Storage shows the owner and admins what each member keeps (trash included); a member is refused.
    expect(await storageByMember(owner)).toEqual({ [owner.userId]: 0, [admin.userId]: 0, [member.userId]: 8700 });
    expect((await call<HttpErrorBody>('/api/storage/members', { token: member.accessToken })).status).toBe(403);

    // Whoever receives the files must be someone else in the account.
    const row = (await team(owner)).body.items.find((m) => m.email === member.email)!;
    expect(row.userId).toBe(member.userId);
    expect((await team(owner)).body.owner).toEqual({ userId: owner.userId, fullName: 'Olga Owner', email: owner.email });
    for (const [filesTo, message] of [
      [member.userId, FILES_RECEIVER_IS_LEAVING],
      [stranger.userId, FILES_RECEIVER_NOT_IN_TEAM],
      ['not-an-id', FILES_RECEIVER_NOT_IN_TEAM],
    ]) {
      const refused = await call<HttpErrorBody>(`/api/team/members/${row.id}?filesTo=${filesTo}`, { method: 'DELETE', token: owner.accessToken });
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([400, 'VALIDATION_FAILED', message]);
    }
    expect((await team(owner)).body.items.map((m) => m.email)).toContain(member.email);

    const removed = await call(`/api/team/members/${row.id}?filesTo=${admin.userId}`, { method: 'DELETE', token: owner.accessToken });
    expect(removed.status).toBe(200);
    // Signed out at once: the token, the refresh cookie and the event stream all end.
    expect((await profile(member)).status).toBe(401);
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: member.cookie })).status).toBe(401);
    await eventually(async () => stream.ended);
    await stream.stop();

    // The admin has everything, as it was, byte for byte; their Recent does not fill with it.
    const handed = await handedOver(admin, 'Mia Member');
    expect((await call<ListFilesReply>('/api/files?view=recent', { token: admin.accessToken })).body.items).toEqual([]);
    // Their root as it was, their four folders too.
    expect((await listFolder(admin, handed.id)).map((f) => f.name).sort()).toEqual(['Deals', 'Documents', 'Images', 'Invoices', 'Projects', 'Top.pdf']);
    expect((await listFolder(admin, deals.id)).map((f) => f.id)).toEqual([deal.id]);
    expect((await bytesOf(admin, top.id)).equals(topBytes)).toBe(true);
    expect((await bytesOf(admin, deal.id)).equals(dealBytes)).toBe(true);
    const trash = await call<ListFilesReply>('/api/files?view=trash', { token: admin.accessToken });
    expect(trash.body.items).toEqual([expect.objectContaining({ id: old.id, folderId: handed.id })]);
    expect((await call(`/api/files/${old.id}/restore`, { method: 'POST', token: admin.accessToken })).status).toBe(200);
    expect((await bytesOf(admin, old.id)).equals(oldBytes)).toBe(true);
    expect(await storageByMember(admin)).toEqual({ [owner.userId]: 0, [admin.userId]: 8700 });
    // Storage stays in the account; the share still opens for its recipient, now the admin's.
    expect(await usage(owner)).toBe(before);
    const opened = await eventually(async () => {
      const link = await call<ShareLink>(`/api/shares/${shared.body.id}/link?disposition=attachment`, { token: recipient.accessToken });
      return link.status === 200 && link.body;
    });
    expect(Buffer.from(await (await fetch(`${process.env.COFFER_TEST_APP_URL}${opened.url}`)).arrayBuffer()).equals(topBytes)).toBe(true);
    const byAdmin = await call<{ items: { id: string }[] }>('/api/shares?direction=by-me', { token: admin.accessToken });
    expect(byAdmin.body.items.map((s) => s.id)).toEqual([shared.body.id]);
    // Audited: who removed whom, and who received the files.
    const entry = await eventually(async () => (await auditEntries(owner)).find((e) => e.action === 'team.remove'));
    expect(entry).toMatchObject({ actorId: owner.userId, details: { email: member.email, filesTo: admin.email } });

    // They sign in again to an empty account of their own (no plan), without the files.
    member = await signedInAgain(member);
    expect((await profile(member)).body).toMatchObject({ role: 'owner', accountName: 'Mia Member' });
    await eventually(async () => (await listFolder(member, 'root')).length === 4);
    expect((await listFolder(member, 'root')).map((f) => f.name).sort()).toEqual(['Documents', 'Images', 'Invoices', 'Projects']);
    expect(await usage(member)).toBe(0);
    expect((await call<{ status: string }>('/api/subscription', { token: member.accessToken })).body.status).toBe('none');

    // Deleting their own account later erases what they hold, and never the admin's bytes (kept under the member's prefix).
    const keys = await objectsOf(member.userId);
    expect(keys).toHaveLength(3);
    expect((await call('/api/account/delete', { body: { email: member.email }, token: member.accessToken })).status).toBe(200);
    await eventually(async () => total((await personalData(rpc, { userId: member.userId, email: member.email })).files) === 0);
    expect((await objectsOf(member.userId)).sort()).toEqual(keys.sort());
    for (const [id, bytes] of [
      [top.id, topBytes],
      [deal.id, dealBytes],
      [old.id, oldBytes],
    ] as const)
      expect((await bytesOf(admin, id)).equals(bytes)).toBe(true);
  });

  it('hands the files of a member who deletes their own account to the owner', async () => {
    const owner = await signUp({ fullName: 'Otto Owner' });
    const member = await joinedMember(owner, 'member', 'Dan Departing');
    const bytes = randomBytes(2048);
    const file = await uploadFile(member, 'Handbook.pdf', bytes);
    expect((await call('/api/account/delete', { body: { email: member.email }, token: member.accessToken })).status).toBe(200);
    const handed = await handedOver(owner, 'Dan Departing');
    expect((await listFolder(owner, handed.id)).map((f) => f.id)).toContain(file.id);
    expect((await bytesOf(owner, file.id)).equals(bytes)).toBe(true);
    await eventually(async () => total((await personalData(rpc, { userId: member.userId, email: member.email })).files) === 0);
    expect((await team(owner)).body.items).toEqual([]);
  });

  it('deletes an account from one event: no row and no object of that user stays in any service, and the email can sign up again', async () => {
    const user = await confirmedUser('Doomed User');
    const bystander = await confirmedUser('Bystander');
    // Something of the user in every service: files and an object, shares both ways, a link, an avatar, preferences, notifications and activity, a plan.
    const file = await uploadFile(user, 'Mine.pdf', randomBytes(4096));
    const theirs = await uploadFile(bystander, 'Theirs.pdf', randomBytes(2048));
    expect((await call('/api/shares', { body: { fileId: file.id, email: bystander.email }, token: user.accessToken })).status).toBe(201);
    expect((await call('/api/shares', { body: { fileId: theirs.id, email: user.email }, token: bystander.accessToken })).status).toBe(201);
    expect((await call('/api/links', { body: { fileId: file.id }, token: user.accessToken })).status).toBe(201);
    expect((await uploadAvatar(user, PNG)).status).toBe(200);
    await call('/api/preferences', { method: 'PATCH', body: { email: { ...DEFAULT_EMAIL_PREFERENCES, newsletter: true } }, token: user.accessToken });
    expect((await startTrial(user, 'business')).status).toBe(201);
    const person = { userId: user.userId, email: user.email };
    const before = await eventually(async () => {
      const counts = await personalData(rpc, person);
      return SERVICES.every((s) => total(counts[s]) > 0) && counts.notification.notifications > 0 && counts.sharing.links > 0 && counts;
    });
    expect(before.files.s3_objects).toBeGreaterThan(0);
    expect(before.auth.s3_objects).toBe(1);
    // Every email to the user is out before the deletion: one still on its way when the mailbox was erased would land after it.
    await mailTo(user.email, '"Bystander" shared "Theirs.pdf" with you on Coffer');
    await mailTo(user.email, 'Your 14-day free trial of Business Plan has begun');
    const bystanderBefore = await personalData(rpc, { userId: bystander.userId, email: bystander.email });

    const deleted = await call('/api/account/delete', { body: { email: user.email }, token: user.accessToken });
    expect(deleted.status).toBe(200);
    expect(deleted.res.headers.getSetCookie().some((c) => c.startsWith('coffer_refresh=;'))).toBe(true);
    expect((await call('/api/files?folder=root', { token: user.accessToken })).status).toBe(401);
    expect((await call('/api/auth/refresh', { method: 'POST', cookie: user.cookie })).status).toBe(401);

    let left: Awaited<ReturnType<typeof personalData>> | undefined;
    const after = await eventually(async () => {
      left = await personalData(rpc, person);
      return SERVICES.every((s) => total(left![s]) === 0) && left;
    }, 30_000).catch((err: Error) => {
      throw new Error(`${err.message}; still held: ${JSON.stringify(left)}`);
    });
    for (const service of SERVICES) expect([service, after[service]]).toEqual([service, Object.fromEntries(Object.keys(after[service]).map((k) => [k, 0]))]);
    // The bystander keeps their own files and the share they made (its recipient is gone).
    const bystanderAfter = await personalData(rpc, { userId: bystander.userId, email: bystander.email });
    expect(bystanderAfter.files).toEqual(bystanderBefore.files);
    expect((await call<{ items: unknown[] }>('/api/files?folder=root', { token: bystander.accessToken })).body.items.length).toBeGreaterThan(0);

    // The same email signs up again as a new, empty account.
    const again = await signUp({ email: user.email, fullName: 'Doomed User' });
    expect(again.userId).not.toBe(user.userId);
    expect((await profile(again)).body).toMatchObject({ role: 'owner', avatarUrl: null, emailVerified: false });
  });
});
