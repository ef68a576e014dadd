import { randomBytes } from 'node:crypto';
import {
  ShareRefusal,
  type CreatedLink,
  type FileItem,
  type HttpErrorBody,
  type LinkZip,
  type ListAuditLogsReply,
  type ListLinkAccessesReply,
  type TeamFolder,
  type UploadSlot,
  type ZipDownload,
} from '@coffer/contracts';
import { appUrl, call, confirmedUser, eventually, joinedMember, signUp, type TestUser } from './support.js';
import { unzip } from './unzip.js';

// Issue 31, zip downloads: a folder or a selection as one zip, streamed by the gateway as it reads storage, with the
// access decision asked item by item (what the person cannot view is left out) and an address good once.

const startTrial = (user: TestUser) => call('/api/subscription/trial', { body: { plan: 'business' }, token: user.accessToken });

async function uploadInto(user: TestUser, folderId: string, name: string, bytes: Buffer): Promise<FileItem> {
  const slot = await call<UploadSlot>('/api/uploads', {
    body: { name, size: bytes.length, mimeType: 'application/octet-stream', folderId },
    token: user.accessToken,
  });
  expect(slot.status).toBe(201);
  expect((await fetch(slot.body.url, { method: 'PUT', headers: slot.body.headers, body: new Uint8Array(bytes) })).status).toBe(200);
  const done = await call<FileItem>(`/api/uploads/${slot.body.uploadId}/complete`, { method: 'POST', token: user.accessToken });
  expect(done.status).toBe(201);
  return done.body;
}

const newFolder = async (user: TestUser, name: string, parentId = 'root') =>
  (await call<FileItem>('/api/folders', { body: { name, parentId }, token: user.accessToken })).body;

const askZip = (user: TestUser, items: string[]) => call<ZipDownload & HttpErrorBody>('/api/downloads', { body: { items }, token: user.accessToken });

/** Posts the selection to its download address, as the browser's form does. */
const postForm = (url: string, items: string[]) =>
  fetch(`${appUrl()}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ items: items.join(',') }),
  });

/** The zip of `items` as `user` downloads it: its answer, and every entry's path and bytes. */
async function downloadZip(user: TestUser, items: string[]) {
  const asked = await askZip(user, items);
  expect(asked.status).toBe(200);
  const res = await postForm(asked.body.url, items);
  expect(res.status).toBe(200);
  const { entries } = await unzip(Buffer.from(await res.arrayBuffer()));
  return { res, entries, url: asked.body.url };
}

const contentsOf = (entries: { path: string; bytes: Buffer }[]) => Object.fromEntries(entries.map((e) => [e.path, e.bytes.toString('base64')]));

describe('zip downloads', () => {
  it('downloads a folder and files as one zip: folders inside folders as paths, empty folders, UTF-8 names, same names made unique, every byte; audited', async () => {
    const owner = await signUp();
    expect((await startTrial(owner)).status).toBe(201);
    const reports = await newFolder(owner, 'Reports');
    const year = await newFolder(owner, '2026', reports.id);
    await newFolder(owner, 'Empty', reports.id);
    const other = await newFolder(owner, 'Other');
    const bytes = { q1: randomBytes(300_000), unicode: randomBytes(1000), notes: randomBytes(50), otherNotes: randomBytes(70) };
    await uploadInto(owner, year.id, 'q1.pdf', bytes.q1);
    await uploadInto(owner, reports.id, 'Ünïcode 名前.txt', bytes.unicode);
    const notes = await uploadInto(owner, 'root', 'notes.txt', bytes.notes);
    const otherNotes = await uploadInto(owner, other.id, 'notes.txt', bytes.otherNotes);
    const trashed = await uploadInto(owner, reports.id, 'old.txt', randomBytes(5));
    expect((await call(`/api/files/${trashed.id}/trash`, { method: 'POST', token: owner.accessToken })).status).toBe(200);

    const { res, entries } = await downloadZip(owner, [reports.id, notes.id, otherNotes.id]);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('filename="Coffer (3 items).zip"');
    expect(entries.map((e) => e.path)).toEqual([
      'Reports/',
      'Reports/2026/',
      'Reports/2026/q1.pdf',
      'Reports/Empty/',
      'Reports/Ünïcode 名前.txt',
      'notes.txt',
      'notes (1).txt',
    ]);
    expect(entries.every((e) => e.utf8)).toBe(true);
    expect(contentsOf(entries)).toMatchObject({
      'Reports/2026/q1.pdf': bytes.q1.toString('base64'),
      'Reports/Ünïcode 名前.txt': bytes.unicode.toString('base64'),
      'notes.txt': bytes.notes.toString('base64'),
      'notes (1).txt': bytes.otherNotes.toString('base64'),
    });

    // One folder: the zip is named after it.
    const one = await downloadZip(owner, [year.id]);
    expect(one.res.headers.get('content-disposition')).toContain('filename="2026.zip"');
    expect(one.entries.map((e) => e.path)).toEqual(['2026/', '2026/q1.pdf']);

    const entry = await eventually(async () => {
      const log = await call<ListAuditLogsReply>('/api/audit-logs?limit=50', { token: owner.accessToken });
      return log.body.items?.find((e) => e.action === 'files.zip_download' && e.details.items === '3');
    });
    expect(entry).toMatchObject({ actorId: owner.userId, details: { summary: 'downloaded 3 items as a zip', names: 'Reports, notes.txt, notes.txt' } });
  }, 120_000);

  it('works once, for its own items only; another account’s items are left out, and a selection of only theirs is refused', async () => {
    const [owner, stranger] = await Promise.all([signUp(), signUp()]);
    const mine = await uploadInto(owner, 'root', 'mine.txt', Buffer.from('mine'));
    const theirs = await uploadInto(stranger, 'root', 'theirs.txt', Buffer.from('theirs'));

    const asked = await askZip(owner, [mine.id]);
    expect(asked.status).toBe(200);
    // Another selection than the one the address was made for: refused, and the address still works once.
    expect((await postForm(asked.body.url, [theirs.id])).status).toBe(403);
    const first = await postForm(asked.body.url, [mine.id]);
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    const again = await postForm(asked.body.url, [mine.id]);
    expect([again.status, ((await again.json()) as HttpErrorBody).message]).toEqual([403, 'This download link has expired. Please start the download again.']);

    const refused = await askZip(owner, [theirs.id]);
    expect([refused.status, refused.body.message]).toEqual([403, 'You cannot download any of these items']);
    const mixed = await downloadZip(owner, [theirs.id, mine.id]);
    expect(mixed.entries.map((e) => [e.path, e.bytes.toString()])).toEqual([['mine.txt', 'mine']]);

    expect((await call('/api/downloads', { body: { items: [mine.id] } })).status).toBe(401);
    const forged = await postForm(`/api/downloads/${'a'.repeat(40)}.${'b'.repeat(43)}`, [mine.id]);
    expect(forged.status).toBe(403);
    expect((await postForm('/api/downloads/not-a-ticket', [mine.id])).status).toBe(400);
  }, 60_000);

  it('leaves out a restricted folder inside a team folder for a member without access, and gives it to the owner', async () => {
    const owner = await signUp();
    expect((await startTrial(owner)).status).toBe(201);
    const member = await joinedMember(owner, 'member', 'Mia Member');
    const team = (await call<TeamFolder>('/api/team-folders', { body: { name: 'Team' }, token: owner.accessToken })).body;
    const setAccess = (folderId: string, entries: { grantee: string; level: string }[]) =>
      call(`/api/folders/${folderId}/access`, { method: 'PUT', body: { own: true, entries }, token: owner.accessToken });
    expect((await setAccess(team.id, [{ grantee: member.userId, level: 'view' }])).status).toBe(200);
    await uploadInto(owner, team.id, 'brief.txt', Buffer.from('brief'));
    const secret = await newFolder(owner, 'Secret', team.id);
    expect((await setAccess(secret.id, [{ grantee: owner.userId, level: 'manage' }])).status).toBe(200);
    const terms = await uploadInto(owner, secret.id, 'terms.txt', Buffer.from('terms'));

    const forMember = await downloadZip(member, [team.id]);
    expect(forMember.entries.map((e) => e.path)).toEqual(['Team/', 'Team/brief.txt']);
    // Named in a selection, the restricted folder's file is still not the member's.
    const refused = await askZip(member, [terms.id]);
    expect(refused.status).toBe(403);
    const forOwner = await downloadZip(owner, [team.id]);
    expect(forOwner.entries.map((e) => [e.path, e.bytes.toString()])).toEqual([
      ['Team/', ''],
      ['Team/brief.txt', 'brief'],
      ['Team/Secret/', ''],
      ['Team/Secret/terms.txt', 'terms'],
    ]);
  }, 120_000);

  it("downloads a folder link's whole folder as one zip: password and limit checked, one download counted each time, never for a bot", async () => {
    const owner = await confirmedUser('Pat Sharer');
    expect((await call('/api/subscription/trial', { body: { plan: 'pro' }, token: owner.accessToken })).status).toBe(201);
    const handover = await newFolder(owner, 'Handover');
    const drafts = await newFolder(owner, 'Drafts', handover.id);
    const plan = randomBytes(4000);
    await uploadInto(owner, drafts.id, 'plan.bin', plan);
    await uploadInto(owner, handover.id, 'readme.txt', Buffer.from('read me'));
    const file = await uploadInto(owner, 'root', 'single.txt', Buffer.from('one'));
    const made = await call<CreatedLink>('/api/links', { body: { fileId: handover.id, password: 'harbour', maxDownloads: 2 }, token: owner.accessToken });
    expect(made.status).toBe(201);
    const zipOf = (token: string, body: { password?: string }, userAgent = 'Mozilla/5.0 Chrome/130.0') =>
      call<LinkZip & HttpErrorBody>(`/api/public-links/${token}/zip`, { body, headers: { 'user-agent': userAgent } });

    expect((await zipOf(made.body.token, {})).status).toBe(403);
    const bot = await zipOf(made.body.token, { password: 'harbour' }, 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)');
    expect(bot.status).toBe(403);
    for (let n = 0; n < 2; n++) {
      const asked = await zipOf(made.body.token, { password: 'harbour' });
      expect([asked.status, asked.body.items]).toEqual([200, [handover.id]]);
      const res = await postForm(asked.body.url, asked.body.items);
      expect([res.status, res.headers.get('content-disposition')]).toEqual([200, expect.stringContaining('filename="Handover.zip"')]);
      const { entries } = await unzip(Buffer.from(await res.arrayBuffer()));
      expect(entries.map((e) => e.path)).toEqual(['Handover/', 'Handover/Drafts/', 'Handover/Drafts/plan.bin', 'Handover/readme.txt']);
      expect(contentsOf(entries)['Handover/Drafts/plan.bin']).toBe(plan.toString('base64'));
    }
    const third = await zipOf(made.body.token, { password: 'harbour' });
    expect([third.status, third.body.message]).toEqual([403, ShareRefusal.AccessLimitReached]);
    const history = await call<ListLinkAccessesReply>(`/api/links/${made.body.id}/accesses`, { token: owner.accessToken });
    expect(history.body.items.filter((a) => a.kind === 'attachment')).toHaveLength(2);

    // A file link downloads its file, not a zip.
    const fileLink = await call<CreatedLink>('/api/links', { body: { fileId: file.id }, token: owner.accessToken });
    expect((await zipOf(fileLink.body.token, {})).status).toBe(400);
  }, 60_000);
});

describe('a folder shared by email, as a zip', () => {
  it('downloads for its recipient (the folder, or a selection in it) byte-exact, one access of the share each, audited in the sharer’s account; a stranger and a revoked recipient are refused', async () => {
    const [owner, recipient, stranger] = await Promise.all([confirmedUser(), confirmedUser(), confirmedUser()]);
    expect((await startTrial(owner)).status).toBe(201);
    const clients = await newFolder(owner, 'Clients');
    const acme = await newFolder(owner, 'Acme', clients.id);
    const bytes = { brief: randomBytes(200_000), rates: randomBytes(900) };
    await uploadInto(owner, acme.id, 'Brief.txt', bytes.brief);
    const rates = await uploadInto(owner, clients.id, 'Rates.txt', bytes.rates);
    const made = await call<{ id: string }>('/api/shares', { body: { fileId: clients.id, email: recipient.email }, token: owner.accessToken });
    expect(made.status).toBe(201);

    const whole = await downloadZip(recipient, [clients.id]);
    expect(whole.res.headers.get('content-disposition')).toContain('filename="Clients.zip"');
    expect(contentsOf(whole.entries)).toEqual({
      'Clients/': '',
      'Clients/Acme/': '',
      'Clients/Acme/Brief.txt': bytes.brief.toString('base64'),
      'Clients/Rates.txt': bytes.rates.toString('base64'),
    });
    const selection = await downloadZip(recipient, [acme.id, rates.id]);
    expect(contentsOf(selection.entries)).toEqual({
      'Acme/': '',
      'Acme/Brief.txt': bytes.brief.toString('base64'),
      'Rates.txt': bytes.rates.toString('base64'),
    });

    // Each zip is one access of the share, in its history, and one audit entry in the sharer's account, by the recipient.
    const shares = await call<{ items: { accessCount: number }[] }>(`/api/shares?direction=by-me&fileId=${clients.id}`, { token: owner.accessToken });
    expect(shares.body.items[0].accessCount).toBe(2);
    const entry = await eventually(async () => {
      const log = await call<ListAuditLogsReply>('/api/audit-logs?limit=50', { token: owner.accessToken });
      return log.body.items?.find((e) => e.action === 'files.zip_download' && e.details.items === '2');
    });
    expect(entry).toMatchObject({ actorId: recipient.userId, details: { summary: 'downloaded 2 items as a zip', names: 'Acme, Rates.txt' } });

    // Anyone else: nothing of it is theirs to download.
    const refused = await askZip(stranger, [clients.id, rates.id]);
    expect([refused.status, refused.body.message]).toEqual([403, 'You cannot download any of these items']);

    // Revoked between the address and its use: refused at once, and no new address either.
    const asked = await askZip(recipient, [clients.id]);
    expect(asked.status).toBe(200);
    expect((await call(`/api/shares/${made.body.id}`, { method: 'DELETE', token: owner.accessToken })).status).toBe(204);
    expect((await postForm(asked.body.url, [clients.id])).status).toBe(403);
    expect((await askZip(recipient, [clients.id])).status).toBe(403);
  }, 120_000);

  it('audits a selection of their own files and a folder shared with them in each account apart: each log names only its own items', async () => {
    const [owner, recipient] = await Promise.all([confirmedUser(), confirmedUser()]);
    expect((await startTrial(owner)).status).toBe(201);
    expect((await startTrial(recipient)).status).toBe(201);
    const tag = randomBytes(4).toString('hex');
    const clients = await newFolder(owner, `Clients ${tag}`);
    await uploadInto(owner, clients.id, `Rates ${tag}.txt`, randomBytes(300));
    expect((await call('/api/shares', { body: { fileId: clients.id, email: recipient.email }, token: owner.accessToken })).status).toBe(201);
    const payroll = await uploadInto(recipient, 'root', `Payroll ${tag}.txt`, randomBytes(200));
    const salaries = await uploadInto(recipient, 'root', `Salaries ${tag}.txt`, randomBytes(100));

    // The recipient's own file first, the sharer's folder between their own files.
    const { entries } = await downloadZip(recipient, [payroll.id, clients.id, salaries.id]);
    expect(entries.map((e) => e.path)).toEqual([`Payroll ${tag}.txt`, `Clients ${tag}/`, `Clients ${tag}/Rates ${tag}.txt`, `Salaries ${tag}.txt`]);

    const zipsIn = async (user: TestUser) =>
      (await call<ListAuditLogsReply>('/api/audit-logs?limit=100', { token: user.accessToken })).body.items?.filter((e) => e.action === 'files.zip_download') ??
      [];
    const [sharers, own] = await Promise.all([
      eventually(async () => {
        const zips = await zipsIn(owner);
        return zips.length > 0 && zips;
      }),
      eventually(async () => {
        const zips = await zipsIn(recipient);
        return zips.length > 0 && zips;
      }),
    ]);
    // The sharer's log: the shared folder only, by the recipient, one access of the share as before.
    expect(sharers).toEqual([
      expect.objectContaining({
        actorId: recipient.userId,
        resourceId: clients.id,
        details: expect.objectContaining({ items: '1', names: `Clients ${tag}`, summary: 'downloaded 1 item as a zip' }),
      }),
    ]);
    const ownerLog = await call<ListAuditLogsReply>('/api/audit-logs?limit=100', { token: owner.accessToken });
    expect(JSON.stringify(ownerLog.body)).not.toMatch(/Payroll|Salaries/);
    // The recipient's log: their own two files only.
    expect(own).toEqual([
      expect.objectContaining({
        actorId: recipient.userId,
        resourceId: null,
        details: expect.objectContaining({ items: '2', names: `Payroll ${tag}.txt, Salaries ${tag}.txt`, summary: 'downloaded 2 items as a zip' }),
      }),
    ]);
    expect(JSON.stringify(own)).not.toMatch(/Clients|Rates/);
    const shares = await call<{ items: { accessCount: number }[] }>(`/api/shares?direction=by-me&fileId=${clients.id}`, { token: owner.accessToken });
    expect(shares.body.items[0].accessCount).toBe(1);
  }, 120_000);
});
