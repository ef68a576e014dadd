import { randomBytes } from 'node:crypto';
import {
  AddressLinkRefusal,
  LINK_GUESSES_ALLOWED,
  LINK_NEEDS_PLAN,
  LINK_NOT_FOUND,
  LinkRefusal,
  ShareRefusal,
  type CreatedLink,
  type HttpErrorBody,
  type LinkItem,
  type LinkPage,
  type ListLinkAccessesReply,
  type ListLinksReply,
  type ShareLink,
  type AddressLink,
  type ListNotificationsReply,
  type ListAuditLogsReply,
} from '@coffer/contracts';
import { appUrl, call, confirmedUser, eventually, gatewayUrl, linkToken, mailTo, signUp, uniqueEmail, uploadFile, type TestUser } from './support.js';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
const SLACKBOT = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

const makeLink = (user: TestUser, body: Record<string, unknown>) => call<CreatedLink & HttpErrorBody>('/api/links', { body, token: user.accessToken });
/** A visitor with no account: straight to the gateway (which trusts loopback's X-Forwarded-For) when an address is given. */
const as = ({ ip, userAgent = CHROME }: { ip?: string; userAgent?: string } = {}) => ({
  headers: { 'user-agent': userAgent, ...(ip ? { 'x-forwarded-for': ip } : {}) },
  ...(ip ? { base: gatewayUrl() } : {}),
});
const page = (token: string, body: { password?: string } = {}, visitor?: { ip?: string; userAgent?: string }) =>
  call<LinkPage & HttpErrorBody>(`/api/public-links/${token}`, { body, ...as(visitor) });
const open = (token: string, body: { password?: string; disposition?: 'inline' | 'attachment' } = {}, visitor?: { ip?: string; userAgent?: string }) =>
  call<ShareLink & HttpErrorBody>(`/api/public-links/${token}/open`, { body: { disposition: 'attachment', ...body }, ...as(visitor) });
const download = (link: ShareLink, ip?: string) => fetch(`${ip ? gatewayUrl() : appUrl()}${link.url}`, { headers: ip ? { 'x-forwarded-for': ip } : {} });
const linksOf = async (user: TestUser, fileId: string) => (await call<ListLinksReply>(`/api/links?fileId=${fileId}`, { token: user.accessToken })).body.items;

/** A Pro owner (trial) with a file. */
async function proOwner(name: string, bytes = randomBytes(2048)) {
  const owner = await confirmedUser('Pat Sharer');
  await call('/api/subscription/trial', { body: { plan: 'pro' }, token: owner.accessToken });
  const file = await uploadFile(owner, name, bytes);
  return { owner, file, bytes };
}

describe('links ("Anyone with the link")', () => {
  it('makes a password-protected link that a visitor with no account opens, unlocks and downloads byte for byte; the sharer sees each open and download', async () => {
    const { owner, file, bytes } = await proOwner('Quarterly report.pdf', randomBytes(200 * 1024));
    const made = await makeLink(owner, { fileId: file.id, password: 'open sesame', expiresInDays: 7, maxDownloads: 3 });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ fileId: file.id, fileName: 'Quarterly report.pdf', hasPassword: true, maxDownloads: 3, downloadCount: 0, openCount: 0 });
    expect(made.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.body.url).toBe(`/l/${made.body.token}`);
    const token = made.body.token;
    // The token is answered once: the list never holds it.
    const listed = await linksOf(owner, file.id);
    expect(listed.map((l) => l.id)).toEqual([made.body.id]);
    expect(JSON.stringify(listed)).not.toContain(token);

    // Before the password: who shared, not what.
    const locked = await page(token, {}, { ip: '203.0.113.20' });
    expect(locked.status).toBe(200);
    expect(locked.body).toMatchObject({ sharedByName: 'Pat Sharer', passwordRequired: true, file: null, branding: { custom: false } });
    expect((await open(token)).body).toMatchObject({ statusCode: 403, message: LinkRefusal.PasswordRequired });
    expect((await page(token, { password: 'open sesame?' })).body).toMatchObject({ statusCode: 403, message: LinkRefusal.WrongPassword });
    const unlocked = await page(token, { password: 'open sesame' });
    expect(unlocked.body).toMatchObject({ passwordRequired: true, file: { name: 'Quarterly report.pdf', size: bytes.length, mimeType: 'application/pdf' } });

    const link = await open(token, { password: 'open sesame' }, { ip: '203.0.113.20' });
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(/^\/api\/link-downloads\/[A-Za-z0-9_-]{43}$/);
    const res = await download(link.body, '203.0.113.20');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Quarterly report.pdf"/);
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    // Good once, and only from the address that asked.
    expect((await download(link.body, '203.0.113.20')).status).toBe(404);
    const other = (await open(token, { password: 'open sesame' }, { ip: '203.0.113.20' })).body;
    expect((await download(other, '198.51.100.1')).status).toBe(404);

    const [item] = await linksOf(owner, file.id);
    expect(item).toMatchObject({ openCount: 1, downloadCount: 2 });
    const accesses = await call<ListLinkAccessesReply>(`/api/links/${made.body.id}/accesses`, { token: owner.accessToken });
    expect(accesses.body.items.map((a) => [a.kind, a.clientIp])).toEqual([
      ['attachment', '203.0.113.20'],
      ['attachment', '203.0.113.20'],
      ['open', '203.0.113.20'],
    ]);
    // Each open and download is in the audit log too, from the visitor's address (no person named: the visitor has no account).
    const used = await eventually(async () => {
      const { items } = (await call<ListAuditLogsReply>('/api/audit-logs', { token: owner.accessToken })).body;
      const ofLink = items.filter((e) => e.action === 'link.access' && e.resourceId === made.body.id);
      return ofLink.length >= 3 && ofLink;
    });
    expect(used.map((e) => [e.details.access, e.details.file, e.ipAddress, e.actorId])).toEqual([
      ['download', 'Quarterly report.pdf', '203.0.113.20', null],
      ['download', 'Quarterly report.pdf', '203.0.113.20', null],
      ['open', 'Quarterly report.pdf', '203.0.113.20', null],
    ]);
  });

  it('gates each restriction by plan: a password on every paid plan, expiry, download limit and allow-list on Pro and Enterprise', async () => {
    const trial = await signUp();
    const file = await uploadFile(trial, 'Price list.pdf', randomBytes(64));
    expect((await makeLink(trial, { fileId: file.id, password: 'a secret' })).body).toMatchObject({ statusCode: 403, message: LINK_NEEDS_PLAN.password });
    expect((await makeLink(trial, { fileId: file.id })).status).toBe(201);

    await call('/api/subscription/trial', { body: { plan: 'starter' }, token: trial.accessToken });
    expect((await makeLink(trial, { fileId: file.id, password: 'a secret' })).status).toBe(201);
    expect((await makeLink(trial, { fileId: file.id, expiresInDays: 3 })).body.message).toBe(LINK_NEEDS_PLAN.expiresInDays);
    expect((await makeLink(trial, { fileId: file.id, maxDownloads: 3 })).body.message).toBe(LINK_NEEDS_PLAN.maxDownloads);
    expect((await makeLink(trial, { fileId: file.id, allowedIps: ['203.0.113.0/24'] })).body.message).toBe(LINK_NEEDS_PLAN.allowedIps);
    // Changing a link is gated the same way.
    const plain = (await makeLink(trial, { fileId: file.id })).body;
    expect((await call<HttpErrorBody>(`/api/links/${plain.id}`, { method: 'PATCH', body: { maxDownloads: 2 }, token: trial.accessToken })).body.message).toBe(
      LINK_NEEDS_PLAN.maxDownloads,
    );
    // Only the file's owner makes a link to it.
    const stranger = await signUp();
    expect((await makeLink(stranger, { fileId: file.id })).status).toBe(404);
  });

  it('gives exactly 5 downloads of 30 asked at once of a link limited to 5, then refuses the page and every open with its message', async () => {
    const { owner, file } = await proOwner('Payroll.xlsx');
    const { token, id } = (await makeLink(owner, { fileId: file.id, maxDownloads: 5 })).body;
    const opens = await Promise.all(Array.from({ length: 30 }, () => open(token)));
    expect(opens.filter((o) => o.status === 200)).toHaveLength(5);
    expect(opens.filter((o) => o.status !== 200).map((o) => [o.status, o.body.message])).toEqual(Array(25).fill([403, ShareRefusal.AccessLimitReached]));
    expect((await page(token)).body).toMatchObject({ statusCode: 403, message: ShareRefusal.AccessLimitReached });
    expect((await linksOf(owner, file.id)).find((l) => l.id === id)).toMatchObject({ downloadCount: 5 });
  });

  it('refuses a visitor outside the allow-list with its message, and lets one inside in', async () => {
    const { owner, file } = await proOwner('Board pack.pdf');
    const { token } = (await makeLink(owner, { fileId: file.id, allowedIps: ['203.0.113.0/24'] })).body;
    expect((await page(token, {}, { ip: '192.0.2.50' })).body).toMatchObject({ statusCode: 403, message: ShareRefusal.NetworkNotAllowed });
    expect((await open(token, {}, { ip: '192.0.2.50' })).body).toMatchObject({ statusCode: 403, message: ShareRefusal.NetworkNotAllowed });
    expect((await page(token, {}, { ip: '203.0.113.9' })).status).toBe(200);
    expect((await open(token, {}, { ip: '203.0.113.9' })).status).toBe(200);
  });

  it('throttles wrong passwords: 20 guesses give 5 "not right" and then only "too many", and the right password waits too', async () => {
    const { owner, file } = await proOwner('Contract.pdf');
    const { token } = (await makeLink(owner, { fileId: file.id, password: 'the real one' })).body;
    const answers: Array<[number, string]> = [];
    for (let i = 0; i < 20; i++) {
      const res = await page(token, { password: `guess-${i}` });
      answers.push([res.status, res.body.message]);
    }
    expect(answers).toEqual([
      ...Array(LINK_GUESSES_ALLOWED).fill([403, LinkRefusal.WrongPassword]),
      ...Array(20 - LINK_GUESSES_ALLOWED).fill([429, LinkRefusal.TooManyGuesses]),
    ]);
    const right = await open(token, { password: 'the real one' });
    expect(right.status).toBe(429);
    expect(right.res.headers.get('retry-after')).toBeTruthy();
  });

  it('shows a link-preview bot the page and its meta tags (never the file name behind a password) without counting it, and never gives it the file', async () => {
    const { owner, file } = await proOwner('Launch plan.pdf');
    const { token, id } = (await makeLink(owner, { fileId: file.id, maxDownloads: 1 })).body;
    for (const userAgent of [SLACKBOT, 'WhatsApp/2.23.20.0 A', 'facebookexternalhit/1.1', 'Mozilla/5.0 (compatible; Discordbot/2.0)', 'Twitterbot/1.0']) {
      expect((await page(token, {}, { userAgent })).body).toMatchObject({ file: { name: 'Launch plan.pdf' } });
      expect((await open(token, {}, { userAgent })).body).toMatchObject({ statusCode: 403, message: LinkRefusal.Preview });
    }
    // The page itself, as an unfurler fetches it: the app's page with meta tags saying who shared what.
    const unfurled = await (await fetch(`${appUrl()}/l/${token}`, { headers: { 'user-agent': SLACKBOT } })).text();
    expect(unfurled).toContain('<meta property="og:title" content="Pat Sharer shared “Launch plan.pdf” with you">');
    // A person gets the app's page alone (the page asks the API, and that look is counted).
    expect(await (await fetch(`${appUrl()}/l/${token}`, { headers: { 'user-agent': CHROME } })).text()).not.toContain('og:title');
    // With a password, the tags never name the file.
    const locked = (await makeLink(owner, { fileId: file.id, password: 'secret words' })).body;
    const lockedPreview = await (await fetch(`${appUrl()}/l/${locked.token}`, { headers: { 'user-agent': 'facebookexternalhit/1.1' } })).text();
    expect(lockedPreview).toContain('content="Pat Sharer shared a file with you"');
    expect(lockedPreview).not.toContain('Launch plan.pdf');
    expect((await linksOf(owner, file.id)).find((l) => l.id === id)).toMatchObject({ openCount: 0, downloadCount: 0 });
    expect((await linksOf(owner, file.id)).find((l) => l.id === locked.id)).toMatchObject({ openCount: 0 });
    expect((await call<ListLinkAccessesReply>(`/api/links/${id}/accesses`, { token: owner.accessToken })).body.items).toEqual([]);
    // A person still gets the one download.
    expect((await open(token)).status).toBe(200);
  });

  it("renders a link's preview for bots (GET /api/public-links/{token}/preview): tags in the sharer's company name, escaped, never counted; no name behind a password or for a refused link; a person is sent to the page", async () => {
    const { owner, file } = await proOwner('<script>alert(1)</script> & "plan".pdf');
    const branded = { companyName: 'Acme <b>Ltd</b>', primaryColor: '#112233', secondaryColor: '#ddeeff' };
    expect((await call('/api/branding', { method: 'PUT', body: branded, token: owner.accessToken })).status).toBe(200);
    const { token, id } = (await makeLink(owner, { fileId: file.id })).body;
    const preview = (t: string, userAgent: string) =>
      fetch(`${appUrl()}/api/public-links/${t}/preview`, { headers: { 'user-agent': userAgent }, redirect: 'manual' });
    for (const userAgent of [SLACKBOT, 'LinkedInBot/1.0 (compatible; Mozilla/5.0)', 'TelegramBot (like TwitterBot)']) {
      const res = await preview(token, userAgent);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain(
        '<meta property="og:title" content="Pat Sharer shared “&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;plan&#34;.pdf” with you">',
      );
      expect(html).not.toContain('<script>');
      expect(html).toContain('<meta property="og:site_name" content="Acme &#60;b&#62;Ltd&#60;/b&#62;">');
      expect(html).toContain('<meta property="og:description" content="From Acme &#60;b&#62;Ltd&#60;/b&#62;, shared securely with Coffer">');
      expect(html).toContain(`<meta property="og:url" content="/l/${token}">`);
    }
    // A person: the link's page, where the look is counted.
    const person = await preview(token, CHROME);
    expect(person.status).toBe(302);
    expect(person.headers.get('location')).toBe(`/l/${token}`);
    // Behind a password: who shared, never what; a token that is no link: a card that says nothing.
    const locked = (await makeLink(owner, { fileId: file.id, password: 'secret words' })).body;
    const lockedHtml = await (await preview(locked.token, SLACKBOT)).text();
    expect(lockedHtml).toContain('<meta property="og:title" content="Pat Sharer shared a file with you">');
    expect(lockedHtml).not.toContain('alert(1)');
    const unknown = await (await preview('A'.repeat(43), SLACKBOT)).text();
    expect(unknown).toContain('<meta property="og:title" content="A file shared with Coffer">');
    expect(unknown).toContain('<meta property="og:site_name" content="Coffer">');
    expect((await linksOf(owner, file.id)).filter((l) => l.id === id || l.id === locked.id).map((l) => l.openCount)).toEqual([0, 0]);
  });

  it('lets the sharer change a link (add and remove a password) and revoke it: revoked, it ends at once, a download link handed out before it too', async () => {
    const { owner, file } = await proOwner('Handbook.pdf');
    const { token, id } = (await makeLink(owner, { fileId: file.id })).body;
    const changed = await call<LinkItem>(`/api/links/${id}`, { method: 'PATCH', body: { password: 'new secret', maxDownloads: 10 }, token: owner.accessToken });
    expect(changed.body).toMatchObject({ hasPassword: true, maxDownloads: 10 });
    expect((await open(token)).body.message).toBe(LinkRefusal.PasswordRequired);
    const before = (await open(token, { password: 'new secret' })).body;
    expect((await call<LinkItem>(`/api/links/${id}`, { method: 'PATCH', body: { password: null }, token: owner.accessToken })).body.hasPassword).toBe(false);
    expect((await open(token)).status).toBe(200);

    // Nobody else may change, read or revoke it.
    const stranger = await confirmedUser();
    for (const [method, path, body] of [
      ['PATCH', `/api/links/${id}`, { password: null }],
      ['GET', `/api/links/${id}/accesses`, undefined],
      ['DELETE', `/api/links/${id}`, undefined],
    ] as const)
      expect((await call(path, { method, body, token: stranger.accessToken })).status).toBe(404);

    expect((await call(`/api/links/${id}`, { method: 'DELETE', token: owner.accessToken })).status).toBe(204);
    expect((await page(token)).body).toMatchObject({ statusCode: 404, message: LINK_NOT_FOUND });
    expect((await open(token)).status).toBe(404);
    expect((await download(before)).status).toBe(404);
    expect(await linksOf(owner, file.id)).toEqual([]);
    // A made-up or malformed token is refused the same way.
    expect((await page('A'.repeat(43))).status).toBe(404);
    expect((await page('not-a-token')).status).toBe(400);
  });

  it('answers a byte range of a link download (206, exactly those bytes; 416 past the end), each ranged read one counted open', async () => {
    const { owner, file, bytes } = await proOwner('Site survey.pdf', randomBytes(10_000));
    const { token, id } = (await makeLink(owner, { fileId: file.id, maxDownloads: 3 })).body;
    const ranged = (link: ShareLink, range: string) => fetch(`${appUrl()}${link.url}`, { headers: { range } });

    const part = await ranged((await open(token)).body, 'bytes=1000-1999');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 2000))).toBe(true);
    // The rest of a download broken off, with a new open.
    const rest = await ranged((await open(token)).body, 'bytes=2000-');
    expect(rest.status).toBe(206);
    expect(Buffer.from(await rest.arrayBuffer()).equals(bytes.subarray(2000))).toBe(true);
    const past = await ranged((await open(token)).body, `bytes=${bytes.length + 10}-`);
    expect(past.status).toBe(416);
    await past.body?.cancel();
    expect((await linksOf(owner, file.id)).find((l) => l.id === id)).toMatchObject({ downloadCount: 3 });
    expect((await open(token)).body).toMatchObject({ statusCode: 403, message: ShareRefusal.AccessLimitReached });
  });

  it('keeps each link made, changed and turned off in the audit log, and the first password the throttle refuses (once a window, from where)', async () => {
    const { owner, file } = await proOwner('Audit trail.pdf');
    const made = (await makeLink(owner, { fileId: file.id, password: 'first one', maxDownloads: 3 })).body;
    await call(`/api/links/${made.id}`, { method: 'PATCH', body: { maxDownloads: 9 }, token: owner.accessToken });
    for (let i = 0; i < LINK_GUESSES_ALLOWED + 3; i++) await page(made.token, { password: `guess-${i}` }, { ip: '198.51.100.77' });
    expect((await call(`/api/links/${made.id}`, { method: 'DELETE', token: owner.accessToken })).status).toBe(204);

    const entries = await eventually(async () => {
      const { items } = (await call<ListAuditLogsReply>('/api/audit-logs', { token: owner.accessToken })).body;
      const ofLink = items.filter((e) => e.resourceId === made.id);
      return ofLink.length >= 4 && ofLink;
    });
    expect(entries.map((e) => [e.action, e.resourceType, e.details.maxDownloads, e.actorId, e.ipAddress])).toEqual([
      ['link.revoke', 'link', '9', owner.userId, expect.anything()],
      ['link.password_throttle', 'link', '9', null, '198.51.100.77'],
      ['link.update', 'link', '9', owner.userId, expect.anything()],
      ['link.create', 'link', '3', owner.userId, expect.anything()],
    ]);
    expect(entries[3].details).toMatchObject({ file: 'Audit trail.pdf', password: 'on', allowedIps: 'any' });
    expect(JSON.stringify(entries)).not.toContain('first one');
  });
});

describe('a recipient without an account who follows a share email', () => {
  const shareWith = (owner: TestUser, fileId: string, email: string) => call('/api/shares', { body: { fileId, email }, token: owner.accessToken });
  const linkOf = async (email: string, subject: string) => (await mailTo(email, subject)).text.match(/\/dashboard\/shared\?confirm=([A-Za-z0-9_-]{43})/)![1];
  const describeLink = (token: string) => call<AddressLink & HttpErrorBody>('/api/shares/address-link', { body: { token } });
  const fileSharedOf = async (user: TestUser) =>
    (await call<ListNotificationsReply>('/api/notifications', { token: user.accessToken })).body.items.filter((n) => n.type === 'file_shared');

  it('is told who shared what, with the address to sign up with; signed up and confirmed from the link, they get the in-app notification then, once', async () => {
    const owner = await confirmedUser('Dana Owner');
    const file = await uploadFile(owner, 'Engagement letter.pdf', randomBytes(256));
    const email = uniqueEmail('client');
    await shareWith(owner, file.id, email);
    const token = await linkOf(email, '"Dana Owner" shared "Engagement letter.pdf" with you on Coffer');

    expect((await describeLink(token)).body).toEqual({
      email,
      sharedByName: 'Dana Owner',
      fileName: 'Engagement letter.pdf',
      otherFiles: 0,
      hasAccount: false,
    });
    expect((await describeLink('x'.repeat(43))).body).toMatchObject({ statusCode: 404, message: AddressLinkRefusal.Invalid });

    const recipient = await signUp({ email });
    expect((await describeLink(token)).body.hasAccount).toBe(true);
    // Not told while the address is not proven theirs.
    expect(await fileSharedOf(recipient)).toEqual([]);
    expect((await call('/api/shares/confirm-address', { body: { token }, token: recipient.accessToken })).status).toBe(200);
    const [notified] = await eventually(async () => {
      const items = await fileSharedOf(recipient);
      return items.length > 0 && items;
    });
    expect(notified).toMatchObject({ title: 'New file shared with you', message: 'Dana Owner shared "Engagement letter.pdf" with you' });
    // Auth's own EmailVerified event follows: nothing is delivered twice.
    await call('/api/shares/confirm-address', { body: { token }, token: recipient.accessToken });
    const later = await uploadFile(owner, 'Invoice.pdf', randomBytes(64));
    await shareWith(owner, later.id, email);
    await eventually(async () => (await fileSharedOf(recipient)).length === 2);
    expect((await fileSharedOf(recipient)).map((n) => n.metadata.file_name).sort()).toEqual(['Engagement letter.pdf', 'Invoice.pdf']);
  });

  it('notifies a recipient who confirms the address with the confirmation email of every file shared with it before', async () => {
    const owner = await confirmedUser('Dana Owner');
    const recipient = await signUp();
    for (const name of ['One.pdf', 'Two.pdf']) await shareWith(owner, (await uploadFile(owner, name, randomBytes(32))).id, recipient.email);
    expect(await fileSharedOf(recipient)).toEqual([]);
    const token = linkToken(await mailTo(recipient.email, 'Confirm your email address'), '/verify-email');
    expect((await call('/api/auth/email/verify', { body: { token } })).status).toBe(204);
    const items = await eventually(async () => {
      const shared = await fileSharedOf(recipient);
      return shared.length === 2 && shared;
    });
    expect(items.map((n) => n.metadata.file_name).sort()).toEqual(['One.pdf', 'Two.pdf']);
  });
});
