import { randomBytes } from 'node:crypto';
import {
  SHARED_VIEW_ONLY,
  ShareRefusal,
  VIEW_ONLY,
  type FileItem,
  type FileLink,
  type FolderPath,
  type HttpErrorBody,
  type CreatedLink,
  type LinkPage,
  LinkRefusal,
  type ListFilesReply,
  type ListSharesReply,
  type ShareItem,
  type ShareLink,
  type StorageUsage,
  type UploadSlot,
} from '@coffer/contracts';
import { appUrl, call, confirmedUser, eventStream, eventually, gatewayUrl, joinedMember, type TestUser } from './support.js';

const share = (user: TestUser, body: Record<string, unknown>) => call<ShareItem & HttpErrorBody>('/api/shares', { body, token: user.accessToken });
/** As if from `ip`: straight to the gateway, which trusts loopback's X-Forwarded-For. */
const from = (ip?: string) => (ip ? { headers: { 'x-forwarded-for': ip }, base: gatewayUrl() } : {});
const list = (user: TestUser, folder: string, ip?: string) =>
  call<ListFilesReply & HttpErrorBody>(`/api/files?folder=${folder}`, { token: user.accessToken, ...from(ip) });
const names = async (user: TestUser, folder: string) => (await list(user, folder)).body.items.map((i) => i.name).sort();
const pathOf = (user: TestUser, folder: string) => call<FolderPath & HttpErrorBody>(`/api/folders/${folder}`, { token: user.accessToken });
const newFolder = (user: TestUser, name: string, parentId: string) =>
  call<FileItem & HttpErrorBody>('/api/folders', { body: { name, parentId }, token: user.accessToken });
const fileLink = (user: TestUser, fileId: string, disposition: 'inline' | 'attachment' = 'attachment', ip?: string) =>
  call<FileLink & HttpErrorBody>(`/api/files/${fileId}/link?disposition=${disposition}`, { token: user.accessToken, ...from(ip) });
const usage = async (user: TestUser) => (await call<StorageUsage>('/api/storage/usage', { token: user.accessToken })).body.usedBytes;

/** Uploads `bytes` into a folder as `user`: the slot (refused, its error), or the file made. */
async function upload(user: TestUser, folderId: string, name: string, bytes: Buffer) {
  const slot = await call<UploadSlot & HttpErrorBody>('/api/uploads', {
    body: { name, size: bytes.length, mimeType: 'text/plain', folderId },
    token: user.accessToken,
  });
  // Refused: its error, as the file's answer would carry it.
  if (slot.status !== 201) return { status: slot.status, body: slot.body as unknown as FileItem & HttpErrorBody };
  expect((await fetch(slot.body.url, { method: 'PUT', headers: slot.body.headers, body: new Uint8Array(bytes) })).status).toBe(200);
  return call<FileItem & HttpErrorBody>(`/api/uploads/${slot.body.uploadId}/complete`, { method: 'POST', token: user.accessToken });
}

/** An owner's folder "Clients" holding "Acme" (with a file in it), and a file beside it in Clients. */
async function clientsFolder(owner: TestUser) {
  const documents = (await list(owner, 'root')).body.items.find((i) => i.name === 'Documents')!;
  const clients = (await newFolder(owner, 'Clients', documents.id)).body;
  const acme = (await newFolder(owner, 'Acme', clients.id)).body;
  const brief = randomBytes(3000);
  const briefFile = (await upload(owner, acme.id, 'Brief.txt', brief)).body as FileItem;
  const rates = (await upload(owner, clients.id, 'Rates.txt', randomBytes(100))).body as FileItem;
  return { documents, clients, acme, brief, briefFile, rates };
}

describe('folder shares', () => {
  it("shares a folder Can edit: the recipient browses it from the shared folder down, downloads byte-exact, and uploads and makes folders in the sharer's account, added by them, which the owner sees live", async () => {
    const owner = await confirmedUser('Olive Owner');
    const recipient = await confirmedUser('Rita Recipient');
    const { documents, clients, acme, brief, briefFile } = await clientsFolder(owner);

    const made = await share(owner, { fileId: clients.id, email: recipient.email, level: 'edit' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ fileId: clients.id, fileName: 'Clients', kind: 'folder', level: 'edit', mimeType: 'folder' });
    // Under Shared, and in the folder's "Shared with" list, the same way as a file's.
    expect((await call<ListSharesReply>('/api/shares?direction=with-me', { token: recipient.accessToken })).body.items).toEqual([
      expect.objectContaining({ id: made.body.id, kind: 'folder', level: 'edit', sharedByName: 'Olive Owner' }),
    ]);
    expect((await call<ListSharesReply>(`/api/shares?direction=by-me&fileId=${clients.id}`, { token: owner.accessToken })).body.items.map((s) => s.id)).toEqual(
      [made.body.id],
    );

    // Browse: the shared folder and a folder in it; breadcrumbs start at the shared folder; nothing above it.
    expect(await names(recipient, clients.id)).toEqual(['Acme', 'Rates.txt']);
    expect(await names(recipient, acme.id)).toEqual(['Brief.txt']);
    expect((await pathOf(recipient, acme.id)).body).toMatchObject({ sharedLevel: 'edit', path: [{ name: 'Clients' }, { name: 'Acme' }] });
    expect((await pathOf(owner, acme.id)).body.path.map((p) => p.name)).toEqual(['Documents', 'Clients', 'Acme']);
    expect((await pathOf(owner, acme.id)).body.sharedLevel).toBeUndefined();
    expect((await list(recipient, documents.id)).status).toBe(404);
    expect((await pathOf(recipient, documents.id)).status).toBe(404);

    // Download byte-exact.
    const link = await fileLink(recipient, briefFile.id);
    expect(link.status).toBe(200);
    expect(Buffer.from(await (await fetch(link.body.url)).arrayBuffer()).equals(brief)).toBe(true);

    // Upload and a new folder, in the sharer's account: counted in its storage, added by the recipient, seen live by the owner.
    const ownerStream = await eventStream(owner);
    const ownerBefore = await usage(owner);
    const recipientBefore = await usage(recipient);
    const sent = randomBytes(1234);
    const uploaded = await upload(recipient, acme.id, 'Signed.txt', sent);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ name: 'Signed.txt', folderId: acme.id, addedBy: recipient.userId, size: 1234 });
    const folder = await newFolder(recipient, 'Invoices 2027', clients.id);
    expect(folder.body).toMatchObject({ name: 'Invoices 2027', folderId: clients.id, addedBy: recipient.userId });
    await eventually(async () => ownerStream.received.includes(uploaded.body.id) && ownerStream.received.includes(folder.body.id));
    await ownerStream.stop();
    expect(await names(owner, acme.id)).toEqual(['Brief.txt', 'Signed.txt']);
    expect(await names(owner, clients.id)).toEqual(['Acme', 'Invoices 2027', 'Rates.txt']);
    expect(await usage(owner)).toBe(ownerBefore + 1234);
    expect(await usage(recipient)).toBe(recipientBefore);
    const mine = await fileLink(owner, uploaded.body.id);
    expect(Buffer.from(await (await fetch(mine.body.url)).arrayBuffer()).equals(sent)).toBe(true);
    // Nothing lands in the recipient's own files.
    expect(await names(recipient, 'root')).toEqual(['Documents', 'Images', 'Invoices', 'Projects']);
  });

  it('shares a folder Can view: open and download, never add; only the recipient, and only someone who may edit the folder shares it', async () => {
    const owner = await confirmedUser();
    const recipient = await confirmedUser();
    const stranger = await confirmedUser();
    const { clients, acme, briefFile } = await clientsFolder(owner);

    const made = await share(owner, { fileId: clients.id, email: recipient.email });
    expect(made.body).toMatchObject({ kind: 'folder', level: 'view' });
    expect(await names(recipient, acme.id)).toEqual(['Brief.txt']);
    expect((await pathOf(recipient, acme.id)).body.sharedLevel).toBe('view');
    expect((await fileLink(recipient, briefFile.id, 'inline')).status).toBe(200);
    expect((await upload(recipient, acme.id, 'Mine.txt', randomBytes(10))).body).toMatchObject({ statusCode: 403, message: SHARED_VIEW_ONLY });
    expect((await newFolder(recipient, 'Mine', clients.id)).body).toMatchObject({ statusCode: 403, message: SHARED_VIEW_ONLY });
    // A folder share never opens anything through the file-share route, nor lets its recipient rename, move or trash.
    expect((await call(`/api/shares/${made.body.id}/link?disposition=attachment`, { token: recipient.accessToken })).status).toBe(404);
    expect((await call(`/api/files/${briefFile.id}/trash`, { method: 'POST', token: recipient.accessToken })).status).toBe(404);
    expect((await call(`/api/files/${acme.id}/rename`, { body: { name: 'Mine' }, token: recipient.accessToken })).status).toBe(404);

    // Anyone else: as if it did not exist; nor can they share it.
    expect((await list(stranger, clients.id)).status).toBe(404);
    expect((await fileLink(stranger, briefFile.id)).status).toBe(404);
    expect((await upload(stranger, clients.id, 'X.txt', randomBytes(10))).status).toBe(404);
    expect((await share(stranger, { fileId: clients.id, email: recipient.email })).status).toBe(404);
    // The recipient cannot pass it on either (they do not hold Can edit in the sharer's account).
    expect((await share(recipient, { fileId: clients.id, email: stranger.email })).status).toBe(404);

    // In a team folder, only Can edit there shares a folder of it (the same rule as for files).
    await call('/api/subscription/trial', { body: { plan: 'business' }, token: owner.accessToken });
    const member = await joinedMember(owner);
    const team = (await call<FileItem>('/api/team-folders', { body: { name: 'Sales' }, token: owner.accessToken })).body;
    const leads = (await newFolder(owner, 'Leads', team.id)).body;
    await call(`/api/folders/${team.id}/access`, {
      method: 'PUT',
      body: { own: true, entries: [{ grantee: member.userId, level: 'view' }] },
      token: owner.accessToken,
    });
    expect((await share(member, { fileId: leads.id, email: recipient.email })).body).toMatchObject({ statusCode: 403, message: VIEW_ONLY });
    await call(`/api/folders/${team.id}/access`, {
      method: 'PUT',
      body: { own: true, entries: [{ grantee: member.userId, level: 'edit' }] },
      token: owner.accessToken,
    });
    expect((await share(member, { fileId: leads.id, email: recipient.email, level: 'edit' })).body).toMatchObject({ kind: 'folder', level: 'edit' });
    expect((await upload(recipient, leads.id, 'Lead.txt', randomBytes(10))).body).toMatchObject({ folderId: leads.id, addedBy: recipient.userId });
  });

  it('ends at once when revoked: the recipient is told live, and their open listing, downloads and uploads stop', async () => {
    const owner = await confirmedUser();
    const recipient = await confirmedUser();
    const { clients, acme, briefFile } = await clientsFolder(owner);
    const made = await share(owner, { fileId: clients.id, email: recipient.email, level: 'edit' });
    expect(await names(recipient, acme.id)).toEqual(['Brief.txt']);

    const stream = await eventStream(recipient);
    expect((await call(`/api/shares/${made.body.id}`, { method: 'DELETE', token: owner.accessToken })).status).toBe(204);
    await eventually(async () => stream.received.includes(made.body.id));
    await stream.stop();
    expect((await list(recipient, acme.id)).body).toMatchObject({ statusCode: 404, message: 'Folder not found' });
    expect((await pathOf(recipient, clients.id)).status).toBe(404);
    expect((await fileLink(recipient, briefFile.id)).status).toBe(404);
    expect((await upload(recipient, acme.id, 'Late.txt', randomBytes(10))).status).toBe(404);
    expect((await call<ListSharesReply>('/api/shares?direction=with-me', { token: recipient.accessToken })).body.items).toEqual([]);
  });

  it('keeps an upload slot to the share: revoked between the slot and its confirmation, nothing is recorded', async () => {
    const owner = await confirmedUser();
    const recipient = await confirmedUser();
    const { clients } = await clientsFolder(owner);
    const made = await share(owner, { fileId: clients.id, email: recipient.email, level: 'edit' });
    const slot = await call<UploadSlot>('/api/uploads', {
      body: { name: 'Late.txt', size: 5, mimeType: 'text/plain', folderId: clients.id },
      token: recipient.accessToken,
    });
    expect(slot.status).toBe(201);
    await fetch(slot.body.url, { method: 'PUT', headers: slot.body.headers, body: 'hello' });
    await call(`/api/shares/${made.body.id}`, { method: 'DELETE', token: owner.accessToken });
    expect((await call(`/api/uploads/${slot.body.uploadId}/complete`, { method: 'POST', token: recipient.accessToken })).status).toBe(404);
    expect(await names(owner, clients.id)).toEqual(['Acme', 'Rates.txt']);
  });

  it("applies the share's restrictions to every request: the allow-list to listings too, and each View or Download is one access against the maximum", async () => {
    const owner = await confirmedUser();
    const recipient = await confirmedUser();
    const { clients, acme, briefFile, rates } = await clientsFolder(owner);
    expect((await share(owner, { fileId: clients.id, email: recipient.email, maxAccessCount: 3 })).body.message).toBe(
      'Access limits are available on the Pro and Enterprise plans.',
    );
    await call('/api/subscription/trial', { body: { plan: 'pro' }, token: owner.accessToken });
    const made = await share(owner, { fileId: clients.id, email: recipient.email, level: 'edit', maxAccessCount: 3, allowedIps: ['203.0.113.0/24'] });
    expect(made.body).toMatchObject({ kind: 'folder', level: 'edit', maxAccessCount: 3, accessCount: 0 });

    const inside = '203.0.113.9';
    const outside = '192.0.2.50';
    expect((await list(recipient, acme.id, outside)).body).toMatchObject({ statusCode: 403, message: ShareRefusal.NetworkNotAllowed });
    expect((await fileLink(recipient, briefFile.id, 'attachment', outside)).body).toMatchObject({ statusCode: 403, message: ShareRefusal.NetworkNotAllowed });
    // Listings are not accesses; Views and Downloads are, counted atomically: 6 at once against 3 left give exactly 3.
    for (let i = 0; i < 3; i++) expect((await list(recipient, acme.id, inside)).status).toBe(200);
    const opens = await Promise.all(
      Array.from({ length: 6 }, (_, i) => fileLink(recipient, i % 2 ? briefFile.id : rates.id, i % 3 ? 'attachment' : 'inline', inside)),
    );
    expect(opens.filter((o) => o.status === 200)).toHaveLength(3);
    expect(opens.filter((o) => o.status === 403).map((o) => o.body.message)).toEqual(Array(3).fill(ShareRefusal.AccessLimitReached));
    // Browsing still works; the owner sees the count and each access in the share's history.
    expect((await list(recipient, acme.id, inside)).status).toBe(200);
    expect((await call<ListSharesReply>(`/api/shares?direction=by-me&fileId=${clients.id}`, { token: owner.accessToken })).body.items[0]).toMatchObject({
      accessCount: 3,
    });
    const history = await call<{ total: number }>(`/api/shares/${made.body.id}/accesses`, { token: owner.accessToken });
    expect(history.body.total).toBe(3);
  });
});

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
/** A visitor with no account: straight to the gateway (which trusts loopback's X-Forwarded-For) when an address is given. */
const as = (ip?: string) => ({ headers: { 'user-agent': CHROME, ...(ip ? { 'x-forwarded-for': ip } : {}) }, ...(ip ? { base: gatewayUrl() } : {}) });
const linkPage = (token: string, body: { password?: string; folderId?: string } = {}, ip?: string) =>
  call<LinkPage & HttpErrorBody>(`/api/public-links/${token}`, { body, ...as(ip) });
const openInLink = (token: string, body: { password?: string; fileId?: string; disposition?: 'inline' | 'attachment' }, ip?: string) =>
  call<ShareLink & HttpErrorBody>(`/api/public-links/${token}/open`, { body: { disposition: 'attachment', ...body }, ...as(ip) });
const fetchLink = (link: ShareLink, ip?: string) => fetch(`${ip ? gatewayUrl() : appUrl()}${link.url}`, { headers: ip ? { 'x-forwarded-for': ip } : {} });

describe('folder links ("Anyone with the link" on a folder)', () => {
  it('lists the folder and its subfolders on the public page, and opens each file inside it byte-exact, file by file, nothing outside it', async () => {
    const owner = await confirmedUser('Pat Sharer');
    const { documents, clients, acme, brief, briefFile, rates } = await clientsFolder(owner);
    const outside = (await upload(owner, documents.id, 'Secret.txt', randomBytes(10))).body as FileItem;
    const made = await call<CreatedLink & HttpErrorBody>('/api/links', { body: { fileId: clients.id }, token: owner.accessToken });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ fileId: clients.id, fileName: 'Clients' });
    const token = made.body.token;

    const top = await linkPage(token);
    expect(top.body).toMatchObject({ sharedByName: 'Pat Sharer', passwordRequired: false, folder: { path: [{ id: clients.id, name: 'Clients' }], total: 2 } });
    expect(top.body.folder!.items.map((i) => [i.name, i.isFolder])).toEqual([
      ['Acme', true],
      ['Rates.txt', false],
    ]);
    const inner = await linkPage(token, { folderId: acme.id });
    expect(inner.body.folder).toMatchObject({
      path: [{ name: 'Clients' }, { name: 'Acme' }],
      items: [{ id: briefFile.id, name: 'Brief.txt', size: brief.length }],
    });
    // Above or beside the link's folder: nothing.
    expect((await linkPage(token, { folderId: documents.id })).body).toMatchObject({ statusCode: 404, message: 'Folder not found' });

    const link = await openInLink(token, { fileId: briefFile.id });
    expect(link.status).toBe(200);
    expect(Buffer.from(await (await fetchLink(link.body)).arrayBuffer()).equals(brief)).toBe(true);
    expect((await openInLink(token, { fileId: rates.id, disposition: 'inline' })).status).toBe(200);
    expect((await openInLink(token, { fileId: outside.id })).status).toBe(404);
    expect((await openInLink(token, {})).status).toBe(400);
    // The sharer sees the opens and downloads; a file moved out of the folder no longer opens.
    const [listed] = (await call<{ items: { downloadCount: number; openCount: number }[] }>(`/api/links?fileId=${clients.id}`, { token: owner.accessToken }))
      .body.items;
    expect(listed).toMatchObject({ downloadCount: 2, openCount: 1 });
    await call(`/api/files/${briefFile.id}`, { method: 'PATCH', body: { folderId: documents.id }, token: owner.accessToken });
    expect((await openInLink(token, { fileId: briefFile.id })).status).toBe(404);
    // Revoked: the page and its files are gone.
    await call(`/api/links/${made.body.id}`, { method: 'DELETE', token: owner.accessToken });
    expect((await linkPage(token)).status).toBe(404);
    expect((await openInLink(token, { fileId: rates.id })).status).toBe(404);
  });

  it("enforces the link's password, allow-list and maximum downloads on every listing and every file (expiry is the same check as a file link's)", async () => {
    const owner = await confirmedUser();
    await call('/api/subscription/trial', { body: { plan: 'pro' }, token: owner.accessToken });
    const { clients, acme, briefFile, rates } = await clientsFolder(owner);
    const made = await call<CreatedLink>('/api/links', {
      body: { fileId: clients.id, password: 'open sesame', maxDownloads: 2, allowedIps: ['203.0.113.0/24'], expiresInDays: 3 },
      token: owner.accessToken,
    });
    const token = made.body.token;
    const inside = '203.0.113.9';

    // Locked: no listing, no file, until the password is given.
    expect((await linkPage(token, {}, inside)).body).toMatchObject({ passwordRequired: true, file: null });
    expect((await linkPage(token, {}, inside)).body.folder).toBeUndefined();
    expect((await linkPage(token, { folderId: acme.id }, inside)).body.folder).toBeUndefined();
    expect((await openInLink(token, { fileId: rates.id }, inside)).body).toMatchObject({ statusCode: 403, message: LinkRefusal.PasswordRequired });
    expect((await linkPage(token, { password: 'wrong', folderId: acme.id }, inside)).body).toMatchObject({
      statusCode: 403,
      message: LinkRefusal.WrongPassword,
    });
    expect((await linkPage(token, { password: 'open sesame', folderId: acme.id }, inside)).body.folder!.items.map((i) => i.name)).toEqual(['Brief.txt']);
    // Outside the allow-list: neither the listing nor a file.
    expect((await linkPage(token, { password: 'open sesame' }, '192.0.2.1')).body).toMatchObject({ statusCode: 403, message: ShareRefusal.NetworkNotAllowed });
    expect((await openInLink(token, { password: 'open sesame', fileId: rates.id }, '192.0.2.1')).body).toMatchObject({
      statusCode: 403,
      message: ShareRefusal.NetworkNotAllowed,
    });
    // Each file's View or Download counts against the maximum (one after the other: guesses at once are throttled, links.api-spec.ts); then the page itself is used up.
    expect((await openInLink(token, { password: 'open sesame', fileId: briefFile.id }, inside)).status).toBe(200);
    expect((await openInLink(token, { password: 'open sesame', fileId: rates.id, disposition: 'inline' }, inside)).status).toBe(200);
    expect((await openInLink(token, { password: 'open sesame', fileId: rates.id }, inside)).body).toMatchObject({
      statusCode: 403,
      message: ShareRefusal.AccessLimitReached,
    });
    expect((await linkPage(token, { password: 'open sesame' }, inside)).body).toMatchObject({ statusCode: 403, message: ShareRefusal.AccessLimitReached });
  });
});
