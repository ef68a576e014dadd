import { randomBytes } from 'node:crypto';
import { PLAN_REFUSALS, ROLE_REFUSALS, type AuditEntry, type FileItem, type HttpErrorBody, type ListAuditLogsReply } from '@coffer/contracts';
import { call, eventually, invite, joinedMember, parseCsv, refreshed, signUp, uniqueEmail, uploadFile, type TestUser } from './support.js';

type Reply<T> = T & HttpErrorBody;
const AGENT = 'CofferAuditTest/1.0';

const auditLog = (user: TestUser, query = '') => call<Reply<ListAuditLogsReply>>(`/api/audit-logs${query}`, { token: user.accessToken });
const startTrial = (user: TestUser, plan: 'starter' | 'business' | 'pro') => call('/api/subscription/trial', { body: { plan }, token: user.accessToken });
/** The entries of the log once `count` are there (events reach the log a moment after the request). */
const entriesOnce = (user: TestUser, count: number) =>
  eventually(async () => {
    const { body } = await auditLog(user, '?limit=1000');
    return body.items.length >= count && body.items;
  });
const byAction = (items: AuditEntry[], action: AuditEntry['action']) => items.filter((e) => e.action === action);

/** Fetches the CSV export of a range. */
async function exportCsv(user: TestUser, query: string) {
  const res = await fetch(`${process.env.COFFER_TEST_APP_URL}/api/audit-logs${query}`, {
    headers: { authorization: `Bearer ${user.accessToken}`, accept: 'text/csv' },
  });
  return { res, text: await res.text() };
}

describe('the audit log', () => {
  it('keeps every action of the account with who, what, from where, only while the plan has audit logs', async () => {
    const owner = await signUp({ fullName: 'Audrey Owner' });
    const denied = await auditLog(owner);
    expect([denied.status, denied.body.message]).toEqual([403, PLAN_REFUSALS.hasAuditLogs]);
    // Before the plan has audit logs, nothing is kept.
    await uploadFile(owner, 'Before.txt', randomBytes(10));
    expect((await startTrial(owner, 'business')).status).toBe(201);
    await eventually(async () => (await auditLog(owner)).status === 200);

    const headers = { 'user-agent': AGENT };
    const folder = (await call<FileItem>('/api/folders', { body: { name: 'Contracts' }, token: owner.accessToken, headers })).body;
    const file = await uploadFile(owner, 'Deal, "final".pdf', randomBytes(100));
    expect((await call(`/api/files/${file.id}`, { method: 'PATCH', body: { folderId: folder.id }, token: owner.accessToken })).status).toBe(200);
    const share = (await call<{ id: string }>('/api/shares', { body: { fileId: file.id, email: 'partner@example.com' }, token: owner.accessToken })).body;
    expect((await call(`/api/shares/${share.id}`, { method: 'DELETE', token: owner.accessToken })).status).toBe(204);
    expect((await call(`/api/files/${file.id}/trash`, { method: 'POST', token: owner.accessToken })).status).toBe(200);
    expect((await call(`/api/files/${file.id}/restore`, { method: 'POST', token: owner.accessToken })).status).toBe(200);
    await call(`/api/files/${file.id}/trash`, { method: 'POST', token: owner.accessToken });
    expect((await call(`/api/files/${file.id}`, { method: 'DELETE', token: owner.accessToken })).status).toBe(204);
    const signIn = await call('/api/auth/sign-in', { body: { email: owner.email, password: owner.password }, headers });
    expect(signIn.status).toBe(200);
    const withdrawn = uniqueEmail('withdrawn');
    const pending = (await invite(owner, withdrawn)).body;
    expect((await call(`/api/team/members/${pending.id}`, { method: 'DELETE', token: owner.accessToken })).status).toBe(200);
    const member = await joinedMember(owner, 'member', 'Morgan Member');
    expect((await call('/api/roles', { body: { email: member.email, role: 'moderator' }, token: owner.accessToken })).status).toBe(201);
    expect(
      (
        await call('/api/branding', {
          method: 'PUT',
          body: { companyName: 'Audit Ltd', primaryColor: '#112233', secondaryColor: '#ddeeff' },
          token: owner.accessToken,
        })
      ).status,
    ).toBe(200);

    const items = await eventually(async () => {
      const all = await entriesOnce(owner, 1);
      return all.some((e) => e.action === 'branding.update') && all;
    });
    expect(items.some((e) => e.details.name === 'Before.txt')).toBe(false);
    const [created] = byAction(items, 'folder.create');
    expect(created).toMatchObject({
      resourceType: 'folder',
      resourceId: folder.id,
      details: { name: 'Contracts' },
      actorId: owner.userId,
      actorName: 'Audrey Owner',
      userAgent: AGENT,
    });
    expect(created.ipAddress).toEqual(expect.any(String));
    expect(byAction(items, 'file.upload')[0]).toMatchObject({ resourceType: 'file', resourceId: file.id, details: { name: 'Deal, "final".pdf', size: '100' } });
    expect(byAction(items, 'file.move')[0].details).toMatchObject({ from: 'root', to: folder.id });
    expect(byAction(items, 'file.share')[0]).toMatchObject({ resourceId: share.id, details: { file: 'Deal, "final".pdf', recipient: 'partner@example.com' } });
    expect(byAction(items, 'share.revoke')).toHaveLength(1);
    expect(byAction(items, 'file.delete')).toHaveLength(2);
    expect(byAction(items, 'file.restore')).toHaveLength(1);
    expect(byAction(items, 'file.delete_forever')).toHaveLength(1);
    expect(byAction(items, 'user.sign_in').find((e) => e.userAgent === AGENT)).toMatchObject({
      actorId: owner.userId,
      details: { email: owner.email, method: 'password' },
    });
    expect(byAction(items, 'team.invite').map((e) => e.details.email)).toEqual([member.email, withdrawn]);
    expect(byAction(items, 'team.invite_withdraw')[0].details).toEqual({ email: withdrawn });
    expect(byAction(items, 'team.join')[0]).toMatchObject({
      actorId: member.userId,
      actorName: 'Morgan Member',
      details: { email: member.email, role: 'member' },
    });
    expect(byAction(items, 'role.change')[0]).toMatchObject({ actorId: owner.userId, details: { email: member.email, role: 'moderator' } });
    expect(byAction(items, 'branding.update')[0].details).toMatchObject({ companyName: 'Audit Ltd', primaryColor: '#112233' });
    // Newest first.
    const times = items.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('is read by the owner, admins and moderators of the account only, never across accounts, a page at a time', async () => {
    const owner = await signUp();
    let admin = await joinedMember(owner, 'admin');
    let moderator = await joinedMember(owner, 'member');
    const member = await joinedMember(owner, 'member');
    const outsider = await signUp();
    expect((await startTrial(owner, 'business')).status).toBe(201);
    expect((await startTrial(outsider, 'business')).status).toBe(201);
    expect((await call('/api/roles', { body: { email: moderator.email, role: 'moderator' }, token: owner.accessToken })).status).toBe(201);
    moderator = await refreshed(moderator);
    admin = await refreshed(admin);
    for (let i = 0; i < 5; i++) await call('/api/folders', { body: { name: `Folder ${i}` }, token: owner.accessToken });
    await entriesOnce(owner, 6);

    for (const user of [owner, admin, moderator]) expect((await auditLog(user)).status).toBe(200);
    const refused = await auditLog(member);
    expect([refused.status, refused.body.message]).toEqual([403, ROLE_REFUSALS.viewAuditLog]);
    expect((await call('/api/audit-logs')).status).toBe(401);
    await eventually(async () => (await auditLog(outsider)).status === 200);
    const theirs = (await auditLog(outsider, '?limit=1000')).body.items;
    expect(theirs.some((e) => e.details.name?.startsWith('Folder '))).toBe(false);

    // Pages of 2 walk the whole log once, in order.
    const all = (await auditLog(owner, '?limit=1000')).body.items;
    const walked: AuditEntry[] = [];
    let after: string | null = null;
    do {
      const page: Reply<ListAuditLogsReply> = (await auditLog(owner, `?limit=2${after ? `&after=${encodeURIComponent(after)}` : ''}`)).body;
      walked.push(...page.items);
      after = page.next;
    } while (after);
    expect(walked.map((e) => e.id)).toEqual(all.map((e) => e.id));
    expect((await auditLog(owner, '?limit=5000')).status).toBe(400);
    expect((await auditLog(owner, '?from=yesterday')).body.message).toBe('Dates must look like 2026-01-31');
  });

  it('exports a date range as CSV: a header row, one line per entry, cells that stay cells', async () => {
    // A name a spreadsheet would run as a formula.
    const owner = await signUp({ fullName: '=HYPERLINK("http://evil")' });
    expect((await startTrial(owner, 'business')).status).toBe(201);
    await eventually(async () => (await auditLog(owner)).status === 200);
    const names = ['Plain', 'With, comma', 'With "quotes"', 'Semi; colon'];
    for (const name of names) await call('/api/folders', { body: { name }, token: owner.accessToken });
    // The folders, and the trial's plan chosen at the start.
    const entries = await entriesOnce(owner, names.length + 1);

    const today = new Date().toISOString().slice(0, 10);
    const { res, text } = await exportCsv(owner, `?from=${today}&to=${today}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="coffer-audit-log-${today}-to-${today}.csv"`);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual(['created_at', 'action', 'resource_type', 'resource_id', 'actor_id', 'actor_name', 'ip_address', 'user_agent', 'details']);
    // An entry about no one resource (the plan chosen) has an empty cell.
    expect(rows.slice(1).map((r) => r[3])).toEqual(entries.map((e) => e.resourceId ?? ''));
    const details = rows.slice(1).map((r) => r[8]);
    for (const name of names) expect(details).toContain(`name: ${name}`);
    // The cell that would run as a formula is kept as text.
    expect(rows.slice(1).map((r) => r[5])).toEqual(entries.map(() => `'=HYPERLINK("http://evil")`));
    expect(rows.slice(1).every((r) => r.length === 9)).toBe(true);

    // A range with nothing in it: the header alone. A member is refused in JSON, not in CSV.
    expect(parseCsv((await exportCsv(owner, '?from=2020-01-01&to=2020-01-31')).text)).toHaveLength(1);
    const member = await joinedMember(owner);
    const refused = await exportCsv(member, '');
    expect(refused.res.status).toBe(403);
    expect(JSON.parse(refused.text).message).toBe(ROLE_REFUSALS.viewAuditLog);
  });
});
