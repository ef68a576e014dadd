import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import {
  ALLOWED_IP_INVALID,
  AddressLinkRefusal,
  viewByteBudget,
  SHARE_LIMIT_REACHED,
  SHARE_RECIPIENT_LIMIT_REACHED,
  SHARE_REQUEST_REUSED,
  SHARES_PAGE_SIZE,
  ShareRefusal,
  type AccountPlan,
  type FileItem,
  type HttpErrorBody,
  type ListActivityReply,
  type ListAuditLogsReply,
  type ListFilesReply,
  type ListNotificationsReply,
  type ListSharesReply,
  type SessionInfo,
  type ShareItem,
  type ShareLink,
} from '@coffer/contracts';
import {
  appUrl,
  call,
  capturedMailTo,
  confirmedUser,
  eventually,
  gatewayUrl,
  linkToken,
  mailTo,
  signUp,
  uniqueEmail,
  uploadFile,
  type TestUser,
} from './support.js';

const share = (user: TestUser, body: Record<string, unknown>, headers?: Record<string, string>) =>
  call<ShareItem & HttpErrorBody>('/api/shares', { body, token: user.accessToken, headers });
const sharesOf = (user: TestUser, direction: 'with-me' | 'by-me', fileId?: string) =>
  call<ListSharesReply>(`/api/shares?direction=${direction}${fileId ? `&fileId=${fileId}` : ''}`, { token: user.accessToken });
/** As if from `ip`: straight to the gateway, which trusts loopback's X-Forwarded-For. */
const from = (ip?: string) => (ip ? { headers: { 'x-forwarded-for': ip }, base: gatewayUrl() } : {});
/** The recipient's open of a share (a counted access): a download link good once. */
const open = (user: TestUser, shareId: string, ip?: string, disposition: 'inline' | 'attachment' = 'attachment') =>
  call<ShareLink & HttpErrorBody>(`/api/shares/${shareId}/link?disposition=${disposition}`, { token: user.accessToken, ...from(ip) });
/** The browser following that link: no session, only the ticket in it. */
const download = (link: ShareLink, ip?: string) => {
  const { base, headers } = from(ip);
  return fetch(`${base ?? appUrl()}${link.url}`, { headers });
};

describe('sharing', () => {
  it('shares a file by email: the recipient lists and downloads it, gets the email, and the sharer sees the share and the download in activity', async () => {
    const owner = await confirmedUser('Dana Owner');
    const recipient = await confirmedUser();
    const bytes = randomBytes(64 * 1024);
    const file = await uploadFile(owner, 'Board minutes.pdf', bytes);

    const made = await share(owner, { fileId: file.id, email: `  ${recipient.email.toUpperCase()} ` });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      fileId: file.id,
      fileName: 'Board minutes.pdf',
      sharedWithEmail: recipient.email,
      sharedByName: 'Dana Owner',
      isShared: true,
      isOwner: true,
      allowedIps: null,
      expiresAt: null,
      maxAccessCount: null,
    });

    const withMe = await sharesOf(recipient, 'with-me');
    expect(withMe.body).toMatchObject({
      emailConfirmed: true,
      items: [{ id: made.body.id, fileName: 'Board minutes.pdf', isOwner: false, sharedByName: 'Dana Owner' }],
    });
    expect((await sharesOf(owner, 'by-me', file.id)).body.items.map((s) => s.sharedWithEmail)).toEqual([recipient.email]);

    const link = await open(recipient, made.body.id);
    expect(link.status).toBe(200);
    expect(Buffer.from(await (await download(link.body)).arrayBuffer()).equals(bytes)).toBe(true);

    const mail = await mailTo(recipient.email, '"Dana Owner" shared "Board minutes.pdf" with you on Coffer');
    expect(mail.text).toContain(`Hi ${recipient.email.split('@')[0]},`);
    expect(mail.text).toMatch(/https?:\/\/[^\s]+\/dashboard\/shared/);
    const activity = await eventually(async () => {
      const { body } = await call<ListActivityReply>('/api/activity', { token: owner.accessToken });
      return body.items.find((a) => a.kind === 'share') && body.items.find((a) => a.kind === 'download') && body.items;
    });
    expect(activity.find((a) => a.kind === 'share')).toMatchObject({ fileName: 'Board minutes.pdf' });
    // The recipient's download is the sharer's to see; it is not the owner downloading their own file.
    expect(activity.filter((a) => a.kind === 'download')).toEqual([expect.objectContaining({ fileName: 'Board minutes.pdf' })]);
    expect((await call<ListActivityReply>('/api/activity', { token: recipient.accessToken })).body.items.some((a) => a.kind === 'download')).toBe(false);
  });

  it('sends at most five share emails an hour from one user to one address: the sixth share is refused with 429', async () => {
    const owner = await signUp();
    const file = await uploadFile(owner, 'Spam.txt', randomBytes(16));
    const email = uniqueEmail('target');
    for (let i = 0; i < 5; i++) expect((await share(owner, { fileId: file.id, email })).status).toBe(201);
    const sixth = await share(owner, { fileId: file.id, email });
    expect([sixth.status, sixth.body.message]).toEqual([429, SHARE_RECIPIENT_LIMIT_REACHED]);
    // Another address still gets it.
    expect((await share(owner, { fileId: file.id, email: uniqueEmail('other') })).status).toBe(201);
  });

  it('makes a press of Share sent again (its answer lost) once: the same share, no second email, nothing counted against the hourly limit', async () => {
    const owner = await signUp();
    const file = await uploadFile(owner, 'Contract.pdf', randomBytes(16));
    const email = uniqueEmail('retried');
    const requestId = randomUUID();
    const first = await share(owner, { fileId: file.id, email, requestId });
    expect(first.status).toBe(201);
    // Sent again one after the other, and several at once (a client retrying while the first is still in flight).
    for (let i = 0; i < 3; i++) expect((await share(owner, { fileId: file.id, email, requestId })).body.id).toBe(first.body.id);
    const together = await Promise.all(Array.from({ length: 5 }, () => share(owner, { fileId: file.id, email, requestId })));
    expect(together.map((r) => [r.status, r.body.id])).toEqual(Array(5).fill([201, first.body.id]));
    // The same request written differently is the same request; the id sent with anything else is refused, and makes nothing.
    expect((await share(owner, { fileId: file.id.toUpperCase(), email: ` ${email.toUpperCase()}`, requestId })).body.id).toBe(first.body.id);
    const elsewhere = uniqueEmail('elsewhere');
    const otherFile = await uploadFile(owner, 'Other.pdf', randomBytes(16));
    for (const changed of [{ email: elsewhere }, { fileId: otherFile.id }]) {
      const reused = await share(owner, { fileId: file.id, email, requestId, ...changed });
      expect([reused.status, reused.body.message]).toEqual([409, SHARE_REQUEST_REUSED]);
    }
    expect((await sharesOf(owner, 'by-me')).body.items.map((s) => [s.fileId, s.sharedWithEmail])).toEqual([[file.id, email]]);
    // Four other presses make the five emails an hour one address may get: the repeats counted for nothing.
    for (let i = 0; i < 4; i++) expect((await share(owner, { fileId: file.id, email, requestId: randomUUID() })).status).toBe(201);
    const sixth = await share(owner, { fileId: file.id, email, requestId: randomUUID() });
    expect([sixth.status, sixth.body.message]).toEqual([429, SHARE_RECIPIENT_LIMIT_REACHED]);
    // Five emails in all (the notification service handles the events in order: a repeat's would have come before the last).
    await eventually(async () => (await capturedMailTo(email)).length === 5);
    expect(await capturedMailTo(email)).toHaveLength(5);
    expect(await capturedMailTo(elsewhere)).toEqual([]);
    // Another user's press with the same id is theirs alone.
    const other = await signUp();
    const theirs = await share(other, { fileId: (await uploadFile(other, 'Theirs.pdf', randomBytes(8))).id, email: uniqueEmail('theirs'), requestId });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(first.body.id);
    expect((await share(owner, { fileId: file.id, email, requestId: 'not-a-uuid' })).body).toMatchObject({
      statusCode: 400,
      message: 'The request id must be a UUID',
    });
  });

  it('sends at most 100 share emails an hour from one user (the 101st share is refused with 429), and lists them a page at a time', async () => {
    const owner = await signUp();
    const file = await uploadFile(owner, 'Catalogue.pdf', randomBytes(16));
    const recipients = Array.from({ length: 100 }, (_, i) => uniqueEmail(`customer${i}`));
    for (let i = 0; i < recipients.length; i += 10) {
      const made = await Promise.all(recipients.slice(i, i + 10).map((email) => share(owner, { fileId: file.id, email })));
      expect(made.map((r) => r.status)).toEqual(Array(made.length).fill(201));
    }
    const over = await share(owner, { fileId: file.id, email: uniqueEmail('one-too-many') });
    expect([over.status, over.body.message]).toEqual([429, SHARE_LIMIT_REACHED]);

    const first = await sharesOf(owner, 'by-me');
    expect([first.body.items.length, first.body.total]).toEqual([SHARES_PAGE_SIZE, 100]);
    const listed = [...first.body.items];
    for (let after = first.body.next; after;) {
      const page = await call<ListSharesReply>(`/api/shares?direction=by-me&after=${encodeURIComponent(after)}`, { token: owner.accessToken });
      listed.push(...page.body.items);
      after = page.body.next;
    }
    expect(listed.map((s) => s.sharedWithEmail).sort()).toEqual([...recipients].sort());
  });

  it('lists shares a page at a time, and refuses a page size or a cursor it did not give', async () => {
    const owner = await signUp();
    expect((await sharesOf(owner, 'by-me')).body).toEqual({ items: [], next: null, total: 0, emailConfirmed: true });
    const list = (query: string) => call<HttpErrorBody>(`/api/shares?direction=by-me&${query}`, { token: owner.accessToken });
    expect((await list('limit=0')).body).toMatchObject({ statusCode: 400, message: 'limit must be a whole number from 1 to 500' });
    expect((await list('limit=501')).body).toMatchObject({ statusCode: 400, message: 'limit must be a whole number from 1 to 500' });
    expect((await list('after=1.2')).body).toMatchObject({ statusCode: 400, message: 'after must be the next of the page before' });
    // A time past what PostgreSQL can add to 1970 is refused as such, not answered with a 500.
    expect((await list(`after=9999999999999999999.${randomUUID()}`)).body).toMatchObject({
      statusCode: 400,
      message: 'after must be the next of the page before',
    });
    expect((await list(`after=99999999999999999.${randomUUID()}`)).body).toMatchObject({ items: [], next: null, total: 0 });
  });

  it("refuses another user's file, blank or malformed addresses and the sharer's own address (a folder is shared as a folder)", async () => {
    const owner = await confirmedUser();
    const stranger = await confirmedUser();
    const file = await uploadFile(owner, 'Payroll.xlsx', randomBytes(1024));
    const [folder] = (await call<ListFilesReply>('/api/files?folder=root', { token: owner.accessToken })).body.items.filter((i) => i.isFolder);
    expect((await share(stranger, { fileId: file.id, email: 'x@example.com' })).body).toMatchObject({ statusCode: 404, message: 'File not found' });
    // Folders are shared too now (issue 30): as a folder share, Can view unless asked (gateway/test/folder-shares.api-spec.ts).
    expect((await share(owner, { fileId: folder.id, email: 'x@example.com' })).body).toMatchObject({ kind: 'folder', level: 'view' });
    expect((await share(owner, { fileId: file.id, email: '   ' })).body).toMatchObject({ statusCode: 400, message: 'Please enter an email address' });
    expect((await share(owner, { fileId: file.id, email: 'not-an-address' })).body).toMatchObject({
      statusCode: 400,
      message: 'Please enter a valid email address',
    });
    expect((await share(owner, { fileId: file.id, email: owner.email })).body).toMatchObject({
      statusCode: 400,
      message: 'You cannot share a file with yourself',
    });
    // A share id that is not yours opens nothing and revokes nothing.
    const made = await share(owner, { fileId: file.id, email: 'someone@example.com' });
    expect((await open(stranger, made.body.id)).status).toBe(404);
    expect((await call(`/api/shares/${made.body.id}`, { method: 'DELETE', token: stranger.accessToken })).status).toBe(404);
  });

  it('keeps the Pro restrictions to plans that have them, then enforces each on every open', async () => {
    const owner = await confirmedUser();
    const recipient = await confirmedUser();
    const file = await uploadFile(owner, 'Contract.pdf', randomBytes(2048));
    const onTrial = await share(owner, { fileId: file.id, email: recipient.email, allowedIps: ['127.0.0.1'] });
    expect(onTrial.body).toMatchObject({ statusCode: 403, message: 'IP restrictions are available on the Pro and Enterprise plans.' });
    expect((await share(owner, { fileId: file.id, email: recipient.email, expiresInDays: 7 })).body.message).toBe(
      'Link expiry is available on the Pro and Enterprise plans.',
    );
    expect((await share(owner, { fileId: file.id, email: recipient.email, maxAccessCount: 2 })).body.message).toBe(
      'Access limits are available on the Pro and Enterprise plans.',
    );

    const pro = await call<AccountPlan>('/api/subscription/trial', { body: { plan: 'pro' }, token: owner.accessToken });
    expect(pro.body).toMatchObject({ planType: 'pro', status: 'trial' });
    expect((await share(owner, { fileId: file.id, email: recipient.email, allowedIps: ['300.1.1.1'] })).body).toMatchObject({
      statusCode: 400,
      message: 'Enter IP addresses separated by commas, like 203.0.113.7',
    });

    const limited = await share(owner, {
      fileId: file.id,
      email: recipient.email,
      allowedIps: ['203.0.113.0/24', '198.51.100.7'],
      expiresInDays: 7,
      maxAccessCount: 2,
    });
    expect(limited.status).toBe(201);
    expect(limited.body).toMatchObject({ allowedIps: ['203.0.113.0/24', '198.51.100.7'], maxAccessCount: 2, accessCount: 0 });
    expect(new Date(limited.body.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);

    const refused = await open(recipient, limited.body.id, '192.0.2.50');
    expect(refused.body).toMatchObject({ statusCode: 403, message: 'Access from your network is not allowed' });
    expect((await open(recipient, limited.body.id, '203.0.113.9')).status).toBe(200);
    expect((await open(recipient, limited.body.id, '198.51.100.7')).status).toBe(200);
    expect((await open(recipient, limited.body.id, '203.0.113.9')).body).toMatchObject({ statusCode: 403, message: 'This share has reached its access limit' });
    // The refused open from the wrong network was not counted.
    expect((await sharesOf(owner, 'by-me', file.id)).body.items[0]).toMatchObject({ accessCount: 2 });
  });

  it('hands out each download once: 20 opens at once of a share limited to 5 give exactly 5 downloads, each link works once, and the storage address never leaves the server', async () => {
    const owner = await confirmedUser();
    const recipient = await confirmedUser();
    const bytes = randomBytes(300 * 1024);
    const file = await uploadFile(owner, 'Payroll.xlsx', bytes);
    await call('/api/subscription/trial', { body: { plan: 'pro' }, token: owner.accessToken });
    const made = await share(owner, { fileId: file.id, email: recipient.email, maxAccessCount: 5 });

    const opens = await Promise.all(Array.from({ length: 20 }, () => open(recipient, made.body.id)));
    const granted = opens.filter((o) => o.status === 200).map((o) => o.body);
    expect(granted).toHaveLength(5);
    expect(opens.filter((o) => o.status === 403).map((o) => o.body.message)).toEqual(Array(15).fill(ShareRefusal.AccessLimitReached));
    for (const link of granted) {
      expect(link.url).toMatch(/^\/api\/share-downloads\/[A-Za-z0-9_-]{43}$/);
      expect(new Date(link.expiresAt).getTime()).toBeLessThanOrEqual(Date.now() + 61_000);
    }
    const downloads = await Promise.all(granted.map((link) => download(link)));
    for (const res of downloads) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Payroll.xlsx"/);
      expect(res.headers.get('content-security-policy')).toContain('sandbox');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    }
    // Each link is spent by its download: the second use of every one is refused.
    const again = await Promise.all(granted.map((link) => download(link)));
    expect(again.map((r) => r.status)).toEqual(Array(5).fill(404));
    expect(((await again[0].json()) as HttpErrorBody).message).toBe(ShareRefusal.TicketSpent);
    expect((await sharesOf(owner, 'by-me', file.id)).body.items[0]).toMatchObject({ accessCount: 5 });
    // A made-up ticket is refused the same way, and so is a malformed one.
    expect((await download({ url: `/api/share-downloads/${'A'.repeat(43)}`, expiresAt: '' })).status).toBe(404);
    expect((await download({ url: '/api/share-downloads/..%2F..%2Fetc', expiresAt: '' })).status).toBe(400);
  });

  it('refuses a download link after a revoke, after the trash, from another address, and after the share expires', async () => {
    const owner = await confirmedUser();
    const recipient = await confirmedUser();
    const file = await uploadFile(owner, 'Forecast.pdf', randomBytes(4096));
    await call('/api/subscription/trial', { body: { plan: 'pro' }, token: owner.accessToken });
    const made = await share(owner, { fileId: file.id, email: recipient.email, allowedIps: ['203.0.113.0/24'] });

    // Bound to the address that asked: from another allowed address it is refused, and spent.
    const fromA = (await open(recipient, made.body.id, '203.0.113.9')).body;
    expect((await download(fromA, '203.0.113.10')).status).toBe(404);
    expect((await download(fromA, '203.0.113.9')).status).toBe(404);
    const viewed = (await open(recipient, made.body.id, '203.0.113.9', 'inline')).body;
    const view = await download(viewed, '203.0.113.9');
    expect([view.status, view.headers.get('content-type'), view.headers.get('content-disposition')]).toEqual([
      200,
      'application/pdf',
      expect.stringMatching(/^inline;/),
    ]);
    expect(view.headers.get('content-security-policy')).not.toContain('sandbox');
    await view.arrayBuffer();

    // The allow-list changed after the link was handed out: the download follows the share as it is now.
    const beforeChange = (await open(recipient, made.body.id, '203.0.113.9')).body;
    await share(owner, { fileId: file.id, email: recipient.email, allowedIps: ['198.51.100.0/24'] });
    expect(await (await download(beforeChange, '203.0.113.9')).json()).toMatchObject({ statusCode: 403, message: ShareRefusal.NetworkNotAllowed });

    // Trashed after the link was handed out.
    await share(owner, { fileId: file.id, email: recipient.email });
    const beforeTrash = (await open(recipient, made.body.id)).body;
    await call(`/api/files/${file.id}/trash`, { method: 'POST', token: owner.accessToken });
    await eventually(async () => (await sharesOf(recipient, 'with-me')).body.items.length === 0);
    expect((await download(beforeTrash)).status).toBe(404);
    await call(`/api/files/${file.id}/restore`, { method: 'POST', token: owner.accessToken });
    await eventually(async () => (await sharesOf(recipient, 'with-me')).body.items.length === 1);

    // Revoked after the link was handed out.
    const beforeRevoke = (await open(recipient, made.body.id)).body;
    expect((await call(`/api/shares/${made.body.id}`, { method: 'DELETE', token: owner.accessToken })).status).toBe(204);
    expect((await download(beforeRevoke)).status).toBe(404);
  });

  it("lets a View's player read the file a range at a time, as one counted open, each read checked again; a Download is read once and whole", async () => {
    const owner = await confirmedUser();
    const recipient = await confirmedUser();
    const bytes = randomBytes(3 * 1024 * 1024);
    const file = await uploadFile(owner, 'Briefing.pdf', bytes);
    const made = await share(owner, { fileId: file.id, email: recipient.email });
    const view = (await open(recipient, made.body.id, undefined, 'inline')).body;
    const read = (link: ShareLink, range?: string) => fetch(`${appUrl()}${link.url}`, { headers: range ? { range } : {} });
    const size = bytes.length;

    const start = await read(view, 'bytes=0-');
    expect([start.status, start.headers.get('content-range'), start.headers.get('accept-ranges')]).toEqual([206, `bytes 0-${size - 1}/${size}`, 'bytes']);
    expect(Buffer.from(await start.arrayBuffer()).equals(bytes)).toBe(true);
    // A jump into the middle reads only what is asked for.
    const middle = await read(view, 'bytes=2000000-2000099');
    expect([middle.status, middle.headers.get('content-range'), middle.headers.get('content-length')]).toEqual([206, `bytes 2000000-2000099/${size}`, '100']);
    expect(Buffer.from(await middle.arrayBuffer()).equals(bytes.subarray(2_000_000, 2_000_100))).toBe(true);
    const end = await read(view, 'bytes=-10');
    expect(Buffer.from(await end.arrayBuffer()).equals(bytes.subarray(size - 10))).toBe(true);
    // Past the end: nothing to send.
    const past = await read(view, `bytes=${size}-`);
    expect(past.status).toBe(416);
    // All of that was one open.
    expect((await sharesOf(owner, 'by-me', file.id)).body.items[0]).toMatchObject({ accessCount: 1 });

    // The file trashed while the player is open: a read checks the share again, is refused, and the View is over.
    await call(`/api/files/${file.id}/trash`, { method: 'POST', token: owner.accessToken });
    await eventually(async () => {
      const res = await read(view, 'bytes=0-9');
      await res.arrayBuffer();
      return res.status === 404;
    });
    await call(`/api/files/${file.id}/restore`, { method: 'POST', token: owner.accessToken });
    await eventually(async () => (await sharesOf(recipient, 'with-me')).body.items.length === 1);
    expect((await read(view, 'bytes=0-9')).status).toBe(404);

    // Read whole (no range, or several, which no player asks for), a View is one read, as a picture or a PDF is.
    for (const range of ['bytes=0-1,5-6', 'items=0-1', undefined]) {
      const once = (await open(recipient, made.body.id, undefined, 'inline')).body;
      const whole = await read(once, range);
      expect(whole.status).toBe(200);
      expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
      expect((await read(once, 'bytes=0-9')).status).toBe(404);
    }

    // A Download's link ignores a range, and is spent by its one read.
    const downloadLink = (await open(recipient, made.body.id, undefined, 'attachment')).body;
    const downloaded = await read(downloadLink, 'bytes=100-199');
    expect([downloaded.status, downloaded.headers.get('accept-ranges'), downloaded.headers.get('content-range')]).toEqual([200, 'none', null]);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await read(downloadLink, 'bytes=100-199')).status).toBe(404);

    // Revoked while a player is open: its next read is refused, and so is any after the file is shared again.
    const playing = (await open(recipient, made.body.id, undefined, 'inline')).body;
    expect((await read(playing, 'bytes=0-9')).status).toBe(206);
    expect((await call(`/api/shares/${made.body.id}`, { method: 'DELETE', token: owner.accessToken })).status).toBe(204);
    expect((await read(playing, 'bytes=0-9')).status).toBe(404);
    await share(owner, { fileId: file.id, email: recipient.email });
    expect((await read(playing, 'bytes=0-9')).status).toBe(404);
  });

  it('serves one View about one copy in all: 20 reads of the whole file give the file and a quarter, then a refusal; seeks within it play; reads at once never overspend', async () => {
    const owner = await confirmedUser();
    const recipient = await confirmedUser();
    await call('/api/subscription/trial', { body: { plan: 'pro' }, token: owner.accessToken });
    const bytes = randomBytes(1024 * 1024);
    const size = bytes.length;
    const budget = viewByteBudget(size);
    expect(budget).toBe(size + size / 4);
    const file = await uploadFile(owner, 'Recording.wav', bytes);
    const made = await share(owner, { fileId: file.id, email: recipient.email, maxAccessCount: 1 });
    const view = (await open(recipient, made.body.id, undefined, 'inline')).body;
    const read = (link: ShareLink, range: string) => fetch(`${appUrl()}${link.url}`, { headers: { range } });

    // A player's seeks within the budget read what they ask for.
    const seek = await read(view, 'bytes=500000-500099');
    expect([seek.status, seek.headers.get('content-range')]).toEqual([206, `bytes 500000-500099/${size}`]);
    expect(Buffer.from(await seek.arrayBuffer()).equals(bytes.subarray(500_000, 500_100))).toBe(true);
    const tail = await read(view, 'bytes=-100');
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(size - 100))).toBe(true);

    // 20 reads of the whole file: the first whole, the next cut to what is left, then refused, in the one error shape.
    let served = 200;
    const answers: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await read(view, 'bytes=0-');
      answers.push(res.status);
      if (res.status !== 206) {
        expect(await res.json()).toMatchObject({ statusCode: 403, code: 'FORBIDDEN', message: ShareRefusal.ViewSpent });
        continue;
      }
      const got = Buffer.from(await res.arrayBuffer());
      expect(res.headers.get('content-range')).toBe(`bytes 0-${got.length - 1}/${size}`);
      expect(got.equals(bytes.subarray(0, got.length))).toBe(true);
      served += got.length;
    }
    expect(answers).toEqual([206, 206, ...Array(18).fill(403)]);
    expect(served).toBe(budget);
    // That was the share's one access: opening it again is refused.
    expect((await open(recipient, made.body.id, undefined, 'inline')).body).toMatchObject({ statusCode: 403, message: ShareRefusal.AccessLimitReached });

    // Ten reads of the whole file at once from one View: between them, never more than its budget.
    const other = await uploadFile(owner, 'Interview.wav', bytes);
    const otherShare = await share(owner, { fileId: other.id, email: recipient.email });
    const atOnce = (await open(recipient, otherShare.body.id, undefined, 'inline')).body;
    const reads = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const res = await read(atOnce, 'bytes=0-');
        return res.status === 206 ? (await res.arrayBuffer()).byteLength : (await res.body?.cancel(), 0);
      }),
    );
    expect(reads.reduce((sum, n) => sum + n, 0)).toBe(budget);
  });

  it('gives a View back what a read it broke off was granted and not sent, so a player that jumps away can still read on', async () => {
    const owner = await confirmedUser();
    const recipient = await confirmedUser();
    // A quarter of it (what is left after one whole read) is far more than one read's first bytes and than what the
    // two ends' socket buffers take in before the broken-off read's end reaches the gateway (a smaller file's
    // quarter can all be in those buffers by then: nothing would come back).
    const bytes = randomBytes(48 * 1024 * 1024);
    const size = bytes.length;
    const file = await uploadFile(owner, 'Lecture.wav', bytes);
    const made = await share(owner, { fileId: file.id, email: recipient.email });
    // Straight to the gateway, so the broken-off read reaches it as the player left it (a proxy's buffers could
    // take in all that is left before the abort reaches it).
    const view = (await open(recipient, made.body.id, '203.0.113.5', 'inline')).body;
    const read = (range: string, signal?: AbortSignal) => fetch(`${gatewayUrl()}${view.url}`, { headers: { range, 'x-forwarded-for': '203.0.113.5' }, signal });

    // The file once: what is left is the quarter.
    expect((await (await read('bytes=0-')).arrayBuffer()).byteLength).toBe(size);
    // A read of all that is left, broken off after its first bytes (the player jumped elsewhere).
    const abort = new AbortController();
    const brokenOff = await read('bytes=0-', abort.signal);
    expect(brokenOff.headers.get('content-range')).toBe(`bytes 0-${viewByteBudget(size) - size - 1}/${size}`);
    const reader = brokenOff.body!.getReader();
    const first = await reader.read();
    abort.abort();
    await reader.cancel().catch(() => undefined);
    const received = first.value?.byteLength ?? 0;
    // Until what it did not send comes back, the View has nothing left; then it reads on.
    await eventually(async () => {
      const res = await read('bytes=0-0');
      await res.arrayBuffer();
      return res.status === 206;
    });
    const rest = (await (await read('bytes=0-')).arrayBuffer()).byteLength;
    expect(rest).toBeGreaterThan(0);
    expect(size + received + rest).toBeLessThanOrEqual(viewByteBudget(size));
  });

  it('accepts an allow-list entry only in a form it reads, and no accepted entry makes an open answer 5xx; ::ffff:a.b.c.d and a.b.c.d match each other', async () => {
    const owner = await confirmedUser();
    await call('/api/subscription/trial', { body: { plan: 'pro' }, token: owner.accessToken });
    const file = await uploadFile(owner, 'Allowed.txt', randomBytes(64));
    // Each recipient may be sent five share emails an hour: a new one every five shares made.
    const recipients: TestUser[] = [];
    let made = 0;
    const recipient = async () => (recipients[Math.floor(made / 5)] ??= await confirmedUser());
    const shareWithList = async (allowedIps: string[]) => {
      const to = await recipient();
      const res = await share(owner, { fileId: file.id, email: to.email, allowedIps });
      if (res.status === 201) made++;
      return { res, to };
    };
    const mapped = (v4: string) => `::ffff:${v4}`;
    const address = fc.oneof(
      fc.ipV4(),
      fc.ipV6(),
      fc.ipV4().map(mapped),
      fc.ipV4().map((v4) => `0:0:0:0:0:FFFF:${v4}`),
    );
    const entry = fc.oneof(
      address,
      fc.tuple(address, fc.integer({ min: -1, max: 140 })).map(([a, bits]) => `${a}/${bits}`),
      fc.constantFrom(
        '::ffff:203.0.113.7',
        '::ffff:203.0.113.0/120',
        '::ffff:0:0/96',
        '::/0',
        '1.2.3.4/',
        '::ffff:1.2.3.4/8/1',
        ' ::FFFF:CB00:7107 ',
        '[::1]',
        'fe80::1%eth0',
      ),
      fc.string({ maxLength: 30 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { minLength: 1, maxLength: 4 }), async (entries) => {
        const { res, to } = await shareWithList(entries);
        expect([201, 400]).toContain(res.status);
        if (res.status === 400) return expect(res.body).toMatchObject({ statusCode: 400, message: expect.any(String) });
        for (const ip of ['203.0.113.7', mapped('203.0.113.7'), '2001:db8::1', '198.51.100.9']) {
          const opened = await open(to, res.body.id, ip, 'inline');
          expect([opened.status, opened.status === 403 ? opened.body.message : 'opened']).toEqual(
            opened.status === 200 ? [200, 'opened'] : [403, ShareRefusal.NetworkNotAllowed],
          );
        }
      }),
      { numRuns: 40, seed: 20261127 },
    );
    expect(made).toBeGreaterThan(5);
    expect((await share(owner, { fileId: file.id, email: (await recipient()).email, allowedIps: ['::ffff:1.2.3.4/129'] })).body).toMatchObject({
      statusCode: 400,
      message: ALLOWED_IP_INVALID,
    });

    // The mapped and the plain form of one address are the same address, whichever is the entry and whichever the client.
    await fc.assert(
      fc.asyncProperty(
        fc.ipV4(),
        fc.boolean(),
        fc.constantFrom(mapped, (v4: string) => `0:0:0:0:0:ffff:${v4}`),
        async (v4, entryMapped, form) => {
          const [allowed, client] = entryMapped ? [form(v4), v4] : [v4, form(v4)];
          const { res, to } = await shareWithList([allowed]);
          expect([res.status, res.body.allowedIps]).toEqual([201, [v4]]);
          expect((await open(to, res.body.id, client, 'inline')).status).toBe(200);
          const octets = v4.split('.');
          const neighbour = [...octets.slice(0, 3), Number(octets[3]) ^ 1].join('.');
          expect((await open(to, res.body.id, entryMapped ? neighbour : form(neighbour), 'inline')).body).toMatchObject({
            statusCode: 403,
            message: ShareRefusal.NetworkNotAllowed,
          });
        },
      ),
      { numRuns: 10, seed: 20261128 },
    );
  });

  it("names the sharer by their new name after they change it: in the recipient's Shared list, the share email, the notification and the audit log", async () => {
    const owner = await confirmedUser('Olive Oldname');
    const recipient = await confirmedUser();
    await call('/api/subscription/trial', { body: { plan: 'pro' }, token: owner.accessToken });
    const before = await uploadFile(owner, 'Before.pdf', randomBytes(32));
    expect((await share(owner, { fileId: before.id, email: recipient.email })).status).toBe(201);
    expect((await sharesOf(recipient, 'with-me')).body.items[0]).toMatchObject({ sharedByName: 'Olive Oldname' });

    expect((await call('/api/profile', { method: 'PATCH', body: { firstName: 'Nora', lastName: 'Newname' }, token: owner.accessToken })).status).toBe(200);
    // The new name reaches the sharing service by auth's event: its list shows it once it has.
    await eventually(async () => (await sharesOf(recipient, 'with-me')).body.items[0]?.sharedByName === 'Nora Newname');

    const file = await uploadFile(owner, 'After.pdf', randomBytes(32));
    const made = await share(owner, { fileId: file.id, email: recipient.email });
    expect(made.body).toMatchObject({ sharedByName: 'Nora Newname' });
    expect((await sharesOf(recipient, 'with-me')).body.items.find((item) => item.id === made.body.id)).toMatchObject({ sharedByName: 'Nora Newname' });
    await mailTo(recipient.email, '"Nora Newname" shared "After.pdf" with you on Coffer');
    const notification = await eventually(async () =>
      (await call<ListNotificationsReply>('/api/notifications', { token: recipient.accessToken })).body.items.find(
        (n) => n.metadata?.file_name === 'After.pdf',
      ),
    );
    expect(notification).toMatchObject({ message: 'Nora Newname shared "After.pdf" with you', metadata: { shared_by: 'Nora Newname' } });
    const entry = await eventually(async () =>
      (await call<ListAuditLogsReply>('/api/audit-logs', { token: owner.accessToken })).body.items.find(
        (e) => e.action === 'file.share' && e.resourceId === made.body.id,
      ),
    );
    expect(entry).toMatchObject({ actorId: owner.userId, actorName: 'Nora Newname' });
  });

  it('names a shared file by its new name after a rename, or a move that renamed it: both Shared lists, the email sent when it is opened, and the audit log', async () => {
    const owner = await confirmedUser('Dana Owner');
    const recipient = await confirmedUser('Rita Recipient');
    await call('/api/subscription/trial', { body: { plan: 'pro' }, token: owner.accessToken });
    const file = await uploadFile(owner, 'Draft.pdf', randomBytes(32));
    const made = await share(owner, { fileId: file.id, email: recipient.email });
    expect(made.status).toBe(201);
    const fileNameIn = async (user: TestUser, direction: 'with-me' | 'by-me') =>
      (await sharesOf(user, direction)).body.items.find((s) => s.id === made.body.id)?.fileName;

    const rename = await call<FileItem>(`/api/files/${file.id}/rename`, { method: 'POST', body: { name: 'Final.pdf' }, token: owner.accessToken });
    expect(rename.body).toMatchObject({ id: file.id, name: 'Final.pdf' });
    // The new name reaches the sharing service by the files service's event.
    await eventually(async () => (await fileNameIn(recipient, 'with-me')) === 'Final.pdf');
    expect(await fileNameIn(owner, 'by-me')).toBe('Final.pdf');
    // An email sent later names it so: the sharer hears that the recipient opened "Final.pdf".
    expect((await open(recipient, made.body.id)).status).toBe(200);
    await mailTo(owner.email, '"Rita Recipient" opened "Final.pdf"');
    const entry = await eventually(async () =>
      (await call<ListAuditLogsReply>('/api/audit-logs', { token: owner.accessToken })).body.items.find(
        (e) => e.action === 'file.rename' && e.resourceId === file.id,
      ),
    );
    expect(entry).toMatchObject({ resourceType: 'file', actorId: owner.userId, details: { name: 'Final.pdf', from: 'Draft.pdf' } });

    // Moved next to another "Final.pdf", it becomes "Final (1).pdf": the shares follow that too.
    const folder = (await call<FileItem>('/api/folders', { body: { name: 'Sent', parentId: 'root' }, token: owner.accessToken })).body;
    expect((await call(`/api/files/${file.id}`, { method: 'PATCH', body: { folderId: folder.id }, token: owner.accessToken })).status).toBe(200);
    await uploadFile(owner, 'Final.pdf', randomBytes(8));
    const back = await call<FileItem>(`/api/files/${file.id}`, { method: 'PATCH', body: { folderId: 'root' }, token: owner.accessToken });
    expect(back.body).toMatchObject({ name: 'Final (1).pdf', folderId: 'root' });
    await eventually(async () => (await fileNameIn(recipient, 'with-me')) === 'Final (1).pdf');
  });

  it('hides a share while its file is in the trash, and the sharer revokes it', async () => {
    const owner = await confirmedUser();
    const recipient = await confirmedUser();
    const file = await uploadFile(owner, 'Plan.docx', randomBytes(512));
    const made = await share(owner, { fileId: file.id, email: recipient.email });
    await call(`/api/files/${file.id}/trash`, { method: 'POST', token: owner.accessToken });
    await eventually(async () => (await sharesOf(recipient, 'with-me')).body.items.length === 0);
    expect((await open(recipient, made.body.id)).status).toBe(404);
    await call(`/api/files/${file.id}/restore`, { method: 'POST', token: owner.accessToken });
    await eventually(async () => (await sharesOf(recipient, 'with-me')).body.items.length === 1);
    expect((await call(`/api/shares/${made.body.id}`, { method: 'DELETE', token: owner.accessToken })).status).toBe(204);
    expect((await sharesOf(recipient, 'with-me')).body.items).toEqual([]);
    expect((await open(recipient, made.body.id)).status).toBe(404);
  });

  it('shows nothing shared with an address until its owner confirms it', async () => {
    const owner = await confirmedUser();
    const unconfirmed = await signUp();
    const file = await uploadFile(owner, 'Secret.pdf', randomBytes(256));
    const made = await share(owner, { fileId: file.id, email: unconfirmed.email });
    expect((await sharesOf(unconfirmed, 'with-me')).body).toEqual({ items: [], next: null, total: 0, emailConfirmed: false });
    expect((await open(unconfirmed, made.body.id)).status).toBe(404);
    const token = linkToken(await mailTo(unconfirmed.email, 'Confirm your email address'), '/verify-email');
    await call('/api/auth/email/verify', { body: { token } });
    const listed = await eventually(async () => (await sharesOf(unconfirmed, 'with-me')).body.items.length === 1);
    expect(listed).toBe(true);
    expect((await open(unconfirmed, made.body.id)).status).toBe(200);
  });

  it("confirms the recipient's address from the share email's link, so the file shows at once; the link proves nothing for another address", async () => {
    const owner = await confirmedUser('Dana Owner');
    const recipient = await signUp();
    const other = await signUp();
    const file = await uploadFile(owner, 'Budget.xlsx', randomBytes(256));
    await share(owner, { fileId: file.id, email: recipient.email });
    const mail = await mailTo(recipient.email, '"Dana Owner" shared "Budget.xlsx" with you on Coffer');
    const token = mail.text.match(/\/dashboard\/shared\?confirm=([A-Za-z0-9_-]{43})/)![1];
    const confirm = (who: TestUser, t = token) => call<HttpErrorBody>('/api/shares/confirm-address', { body: { token: t }, token: who.accessToken });

    // Not theirs: refused, and their address stays unconfirmed.
    expect((await confirm(other)).body).toMatchObject({ statusCode: 403, message: AddressLinkRefusal.OtherAddress });
    expect((await sharesOf(other, 'with-me')).body.emailConfirmed).toBe(false);
    expect((await confirm(recipient, 'x'.repeat(43))).body).toMatchObject({ statusCode: 404, message: AddressLinkRefusal.Invalid });
    expect((await call('/api/shares/confirm-address', { body: { token } })).status).toBe(401);

    expect((await confirm(recipient)).status).toBe(200);
    expect((await sharesOf(recipient, 'with-me')).body).toMatchObject({ emailConfirmed: true, items: [{ fileName: 'Budget.xlsx' }] });
    // Auth holds the address as confirmed too (the confirmation email's link is no longer needed).
    expect((await call<SessionInfo>('/api/auth/session', { token: recipient.accessToken })).body.user.emailVerified).toBe(true);
    // A second share to a confirmed address needs no link.
    const second = await uploadFile(owner, 'Forecast.xlsx', randomBytes(64));
    await share(owner, { fileId: second.id, email: recipient.email });
    expect((await mailTo(recipient.email, '"Dana Owner" shared "Forecast.xlsx" with you on Coffer')).text).not.toContain('confirm=');
  });
});
