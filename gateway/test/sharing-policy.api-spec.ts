import { randomBytes } from 'node:crypto';
import {
  NotificationCopy,
  PLAN_REFUSALS,
  POLICY_EXPIRY_NEEDS_PLAN,
  ROLE_REFUSALS,
  SharingPolicyRefusal,
  type AuditEntry,
  type CreatedLink,
  type HttpErrorBody,
  type LinkItem,
  type LinkPage,
  type ListAuditLogsReply,
  type ListLinksReply,
  type ListNotificationsReply,
  type ShareItem,
  type SharingPolicy,
  type UpdateSharingPolicyRequest,
} from '@coffer/contracts';
import { call, confirmedUser, eventually, joinedMember, mailTo, signUp, uploadFile, type TestUser } from './support.js';

const DAY_MS = 86_400_000;
const OPEN: SharingPolicy = { linksAllowed: true, passwordRequired: false, maxExpiryDays: null, allowedEmailDomains: [] };

const setPolicy = (user: TestUser, change: Partial<UpdateSharingPolicyRequest>) =>
  call<SharingPolicy & HttpErrorBody>('/api/sharing-policy', { method: 'PUT', body: { ...OPEN, ...change }, token: user.accessToken });
const makeLink = (user: TestUser, body: Record<string, unknown>) => call<CreatedLink & HttpErrorBody>('/api/links', { body, token: user.accessToken });
const changeLink = (user: TestUser, id: string, body: Record<string, unknown>) =>
  call<LinkItem & HttpErrorBody>(`/api/links/${id}`, { method: 'PATCH', body, token: user.accessToken });
const page = (token: string, body: { password?: string } = {}) => call<LinkPage & HttpErrorBody>(`/api/public-links/${token}`, { body });
const open = (token: string, body: { password?: string } = {}) =>
  call<HttpErrorBody>(`/api/public-links/${token}/open`, { body: { disposition: 'attachment', ...body } });
const linksOf = async (user: TestUser, fileId: string) => (await call<ListLinksReply>(`/api/links?fileId=${fileId}`, { token: user.accessToken })).body.items;
const daysLeft = (link: Pick<LinkItem, 'expiresAt'>) => (link.expiresAt ? (Date.parse(link.expiresAt) - Date.now()) / DAY_MS : Infinity);

/** An owner on a plan's trial, with a file. */
async function owner(plan: 'starter' | 'business' | 'pro', name = 'Contract.pdf') {
  const user = await confirmedUser('Olive Owner');
  await call('/api/subscription/trial', { body: { plan }, token: user.accessToken });
  const file = await uploadFile(user, name, randomBytes(256));
  return { user, file };
}

describe('the sharing policy (Settings → Permissions)', () => {
  it('is the open one until set, read by everyone in the account and set only by the owner and admins, on plans with permissions', async () => {
    const { user: pro } = await owner('pro');
    const member = await joinedMember(pro, 'member');
    const admin = await joinedMember(pro, 'admin', 'Ada Admin');
    expect((await call<SharingPolicy>('/api/sharing-policy', { token: member.accessToken })).body).toEqual(OPEN);
    expect((await setPolicy(member, { passwordRequired: true })).body).toMatchObject({ statusCode: 403, message: ROLE_REFUSALS.manageSharingPolicy });
    const set = await setPolicy(admin, {
      passwordRequired: true,
      maxExpiryDays: 30,
      allowedEmailDomains: [' Partner.example ', '@client.example', 'partner.example'],
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ linksAllowed: true, passwordRequired: true, maxExpiryDays: 30, allowedEmailDomains: ['partner.example', 'client.example'] });
    expect((await call<SharingPolicy>('/api/sharing-policy', { token: member.accessToken })).body).toEqual(set.body);
    expect((await setPolicy(admin, { allowedEmailDomains: ['not a domain'] })).body).toMatchObject({ statusCode: 400 });
    expect((await setPolicy(admin, { maxExpiryDays: 0 })).body).toMatchObject({ statusCode: 400 });

    // Gated by plan: permissions on Business and up; a maximum expiry only where links can expire.
    const { user: starter } = await owner('starter');
    expect((await setPolicy(starter, { passwordRequired: true })).body).toMatchObject({ statusCode: 403, message: PLAN_REFUSALS.hasPermissions });
    const { user: business } = await owner('business');
    expect((await setPolicy(business, { maxExpiryDays: 7 })).body).toMatchObject({ statusCode: 403, message: POLICY_EXPIRY_NEEDS_PLAN });
    expect((await setPolicy(business, { passwordRequired: true })).status).toBe(200);
    expect((await call('/api/sharing-policy')).status).toBe(401);
  });

  it('refuses new links against it: forbidden links, no password where one is required, an expiry past the maximum (none gets the maximum)', async () => {
    const { user, file } = await owner('pro');
    await setPolicy(user, { linksAllowed: false });
    expect((await makeLink(user, { fileId: file.id })).body).toMatchObject({ statusCode: 403, message: SharingPolicyRefusal.LinksNotAllowed });

    await setPolicy(user, { passwordRequired: true, maxExpiryDays: 14 });
    expect((await makeLink(user, { fileId: file.id })).body).toMatchObject({ statusCode: 403, message: SharingPolicyRefusal.PasswordRequired });
    expect((await makeLink(user, { fileId: file.id, password: 'long enough', expiresInDays: 15 })).body).toMatchObject({
      statusCode: 403,
      message: SharingPolicyRefusal.ExpiryTooLong(14),
    });
    const made = await makeLink(user, { fileId: file.id, password: 'long enough' });
    expect(made.status).toBe(201);
    expect(daysLeft(made.body)).toBeGreaterThan(13.9);
    expect(daysLeft(made.body)).toBeLessThanOrEqual(14);
    // A change of the link is held to it too: the password stays, the expiry stays under the maximum.
    expect((await changeLink(user, made.body.id, { password: null })).body.message).toBe(SharingPolicyRefusal.PasswordRequired);
    expect((await changeLink(user, made.body.id, { expiresInDays: 30 })).body.message).toBe(SharingPolicyRefusal.ExpiryTooLong(14));
    expect(daysLeft((await changeLink(user, made.body.id, { expiresInDays: null })).body)).toBeGreaterThan(13.9);
    expect((await changeLink(user, made.body.id, { expiresInDays: 3 })).body).toMatchObject({ hasPassword: true });
  });

  it('applies a change to existing links: no password stops a link until it gets one (its maker told in the app and by email), a long expiry is cut, forbidden links stop', async () => {
    const { user: boss, file } = await owner('pro', 'Board minutes.pdf');
    const maker = await joinedMember(boss, 'member', 'Mo Maker');
    const theirs = await uploadFile(maker, 'Site plan.png', randomBytes(128));
    const open1 = (await makeLink(maker, { fileId: theirs.id })).body;
    const protectedLink = (await makeLink(boss, { fileId: file.id, password: 'board only' })).body;
    const forever = (await makeLink(boss, { fileId: file.id, password: 'board only 2' })).body;
    const short = (await makeLink(boss, { fileId: file.id, password: 'board only 3', expiresInDays: 2 })).body;
    expect((await page(open1.token)).status).toBe(200);

    const changed = await setPolicy(boss, { passwordRequired: true, maxExpiryDays: 10 });
    expect(changed.status).toBe(200);
    // The link without a password stops, for its page and every download; the others still open.
    expect((await page(open1.token)).body).toMatchObject({ statusCode: 403, message: SharingPolicyRefusal.LinkStopped });
    expect((await open(open1.token)).body).toMatchObject({ statusCode: 403, message: SharingPolicyRefusal.LinkStopped });
    expect((await page(protectedLink.token, { password: 'board only' })).status).toBe(200);
    // Its maker is told, in the app and by email.
    const told = await eventually(async () => {
      const { items } = (await call<ListNotificationsReply>('/api/notifications', { token: maker.accessToken })).body;
      return items.find((n) => n.type === 'links_need_password');
    });
    expect(told).toMatchObject({ title: NotificationCopy.linksNeedPassword.title, message: NotificationCopy.linksNeedPassword.message(['Site plan.png'], 1) });
    expect((await mailTo(maker.email, NotificationCopy.linksNeedPassword.title)).text).toContain('"Site plan.png"');
    // Nobody else is told: the owner's links all have passwords.
    const bossNotes = (await call<ListNotificationsReply>('/api/notifications', { token: boss.accessToken })).body.items;
    expect(bossNotes.filter((n) => n.type === 'links_need_password')).toEqual([]);
    // Given a password, it opens again.
    expect((await changeLink(maker, open1.id, { password: 'now protected' })).status).toBe(200);
    expect((await page(open1.token, { password: 'now protected' })).status).toBe(200);

    // Expiries past the new maximum are cut to it; shorter ones stay.
    const after = await linksOf(boss, file.id);
    expect(daysLeft(after.find((l) => l.id === forever.id)!)).toBeGreaterThan(9.9);
    expect(daysLeft(after.find((l) => l.id === forever.id)!)).toBeLessThanOrEqual(10);
    expect(after.find((l) => l.id === short.id)!.expiresAt).toBe(short.expiresAt);

    // Links forbidden: every existing link stops, with its page and downloads.
    await setPolicy(boss, { linksAllowed: false, passwordRequired: true, maxExpiryDays: 10 });
    expect((await page(protectedLink.token, { password: 'board only' })).body).toMatchObject({ statusCode: 403, message: SharingPolicyRefusal.LinkStopped });
    expect((await open(protectedLink.token, { password: 'board only' })).body).toMatchObject({ statusCode: 403, message: SharingPolicyRefusal.LinkStopped });

    // Each change is in the audit log, with what it did.
    const entries = await eventually(async () => {
      const { items } = (await call<ListAuditLogsReply>('/api/audit-logs', { token: boss.accessToken })).body;
      const policy = items.filter((e: AuditEntry) => e.action === 'policy.sharing_update');
      return policy.length >= 2 && policy;
    });
    expect(entries[1]).toMatchObject({
      resourceType: 'policy',
      actorId: boss.userId,
      details: { links: 'allowed', passwordRequired: 'on', maxExpiryDays: '10', emailDomains: 'any', linksShortened: '3', linksNeedingPassword: '1' },
    });
    expect(entries[0].details).toMatchObject({ links: 'forbidden' });
  });

  it('lets email shares go only to the allowed domains, and stops an existing share to another domain', async () => {
    const { user, file } = await owner('business', 'Tender.docx');
    const recipient = await confirmedUser('Rita Recipient');
    const share = (await call<ShareItem>('/api/shares', { body: { fileId: file.id, email: recipient.email }, token: user.accessToken })).body;
    const openShare = () => call<HttpErrorBody>(`/api/shares/${share.id}/link?disposition=attachment`, { token: recipient.accessToken });
    expect((await openShare()).status).toBe(200);

    await setPolicy(user, { allowedEmailDomains: ['partner.example'] });
    expect((await call<HttpErrorBody>('/api/shares', { body: { fileId: file.id, email: 'someone@example.com' }, token: user.accessToken })).body).toMatchObject(
      {
        statusCode: 403,
        message: SharingPolicyRefusal.DomainNotAllowed(['partner.example']),
      },
    );
    expect((await call('/api/shares', { body: { fileId: file.id, email: 'Anna@Partner.example' }, token: user.accessToken })).status).toBe(201);
    expect((await openShare()).body).toMatchObject({ statusCode: 403, message: SharingPolicyRefusal.ShareStopped });
    // Allowed again, it opens again.
    await setPolicy(user, { allowedEmailDomains: ['partner.example', 'example.com'] });
    expect((await openShare()).status).toBe(200);
  });

  it('leaves a trial account open and unchanged: links work as before', async () => {
    const trial = await signUp();
    const file = await uploadFile(trial, 'Menu.pdf', randomBytes(64));
    const link = (await makeLink(trial, { fileId: file.id })).body;
    expect((await setPolicy(trial, { linksAllowed: false })).body).toMatchObject({ statusCode: 403, message: PLAN_REFUSALS.hasPermissions });
    expect((await page(link.token)).status).toBe(200);
  });
});
