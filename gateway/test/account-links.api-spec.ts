import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_LINKS_CSV_COLUMNS,
  ROLE_REFUSALS,
  type AccountLink,
  type CreatedFileRequest,
  type CreatedLink,
  type FileItem,
  type HttpErrorBody,
  type ListAccountLinksReply,
} from '@coffer/contracts';
import { call, confirmedUser, joinedMember, parseCsv, signUp, uploadFile, type TestUser } from './support.js';

const makeLink = (user: TestUser, body: Record<string, unknown>) => call<CreatedLink & HttpErrorBody>('/api/links', { body, token: user.accessToken });
const listPage = (user: TestUser, query = '') => call<ListAccountLinksReply & HttpErrorBody>(`/api/account-links${query}`, { token: user.accessToken });

/** Every row, page after page, as the Links list reads them. */
async function everyRow(user: TestUser, limit?: number): Promise<{ rows: AccountLink[]; pages: number }> {
  const rows: AccountLink[] = [];
  let pages = 0;
  let next: string | null = null;
  do {
    const page = await listPage(user, `?${new URLSearchParams({ ...(next && { after: next }), ...(limit && { limit: String(limit) }) })}`);
    expect(page.status).toBe(200);
    rows.push(...page.body.items);
    next = page.body.next;
    pages += 1;
  } while (next);
  return { rows, pages };
}

describe("the account's links", () => {
  it('lists every active link and file request of the account, newest first, page after page, for its owner and admins; members are refused', async () => {
    const owner = await confirmedUser('Olga Owner');
    await call('/api/subscription/trial', { body: { plan: 'pro' }, token: owner.accessToken });
    const admin = await joinedMember(owner, 'admin', 'Ada Admin');
    const member = await joinedMember(owner, 'member', 'Milo Member');
    const file = await uploadFile(owner, 'Price list.pdf', randomBytes(64));
    const folder = (await call<FileItem>('/api/folders', { body: { name: 'Client uploads', parentId: 'root' }, token: owner.accessToken })).body;
    const memberFile = await uploadFile(member, 'Notes.txt', randomBytes(16));

    // 60 links of the owner's (more than a page), one of the member's, two requests; a revoked link is not active.
    const made: string[] = [];
    for (let i = 0; i < 60; i++) made.push((await makeLink(owner, { fileId: file.id })).body.id);
    const restricted = (await makeLink(owner, { fileId: file.id, password: 'a long secret', allowedIps: ['10.0.0.0/8', '192.0.2.7'], maxDownloads: 5 })).body;
    const memberLink = (await makeLink(member, { fileId: memberFile.id })).body;
    const request = (
      await call<CreatedFileRequest>('/api/file-requests', {
        body: { folderId: folder.id, title: 'Signed contract', maxBytes: 1048576 },
        token: owner.accessToken,
      })
    ).body;
    const revoked = (await makeLink(owner, { fileId: file.id })).body;
    expect((await call(`/api/links/${revoked.id}`, { method: 'DELETE', token: owner.accessToken })).status).toBe(204);
    // Another account's link is never listed.
    const stranger = await signUp();
    const strangersLink = (await makeLink(stranger, { fileId: (await uploadFile(stranger, 'Theirs.pdf', randomBytes(8))).id })).body;

    const first = await listPage(owner);
    expect(first.body.items).toHaveLength(50);
    expect(first.body.next).toEqual(expect.any(String));
    const { rows, pages } = await everyRow(owner);
    expect(pages).toBe(2);
    expect(rows).toHaveLength(63);
    expect(new Set(rows.map((r) => r.id)).size).toBe(63);
    // Newest first: the request, the member's link, the restricted link, then the 60 in reverse.
    expect(rows.map((r) => r.id)).toEqual([request.id, memberLink.id, restricted.id, ...[...made].reverse()]);
    expect(rows.map((r) => r.id)).not.toContain(revoked.id);
    expect(rows.map((r) => r.id)).not.toContain(strangersLink.id);
    expect(rows[0]).toMatchObject({
      type: 'file_request',
      itemName: 'Client uploads',
      itemKind: 'folder',
      title: 'Signed contract',
      createdBy: { userId: owner.userId, name: 'Olga Owner' },
      maxBytes: 1048576,
      uploads: 0,
      opens: null,
      downloads: null,
    });
    expect(rows[1]).toMatchObject({ type: 'link', itemName: 'Notes.txt', createdBy: { userId: member.userId, name: 'Milo Member' } });
    expect(rows[2]).toMatchObject({
      type: 'link',
      itemName: 'Price list.pdf',
      itemKind: 'file',
      hasPassword: true,
      allowedIps: ['10.0.0.0/8', '192.0.2.7'],
      maxDownloads: 5,
      opens: 0,
      downloads: 0,
      expiresAt: null,
    });
    // Small pages reach the same rows in the same order.
    expect((await everyRow(owner, 7)).rows.map((r) => r.id)).toEqual(rows.map((r) => r.id));

    // An admin sees the same; a member (and a moderator) is refused, the export too.
    expect((await everyRow(admin)).rows.map((r) => r.id)).toEqual(rows.map((r) => r.id));
    for (const path of ['/api/account-links', '/api/account-links/export']) {
      const refused = await call<HttpErrorBody>(path, { token: member.accessToken });
      expect([refused.status, refused.body.message]).toEqual([403, ROLE_REFUSALS.viewAccountLinks]);
    }
    expect((await listPage(owner, '?after=yesterday')).status).toBe(400);
    expect((await listPage(owner, '?limit=501')).status).toBe(400);
  }, 120_000);

  it('exports every row as CSV, streamed, with no cell read as a formula', async () => {
    const owner = await confirmedUser('=HYPERLINK("http://evil.example","Owner")');
    const risky = ['=1+2.pdf', '+SUM(A1).txt', '-2+3.csv', '@cmd.txt', 'Plain, "quoted".txt'];
    const files = await Promise.all(risky.map((name) => uploadFile(owner, name, randomBytes(8))));
    for (const file of files) for (let i = 0; i < 110; i++) expect((await makeLink(owner, { fileId: file.id })).status).toBe(201);
    const request = await call<CreatedFileRequest>('/api/file-requests', { body: { folderId: 'root', title: '@SUM(1)' }, token: owner.accessToken });
    expect(request.status).toBe(201);

    const res = await fetch(`${process.env.COFFER_TEST_APP_URL}/api/account-links/export`, { headers: { authorization: `Bearer ${owner.accessToken}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="coffer-links-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...lines] = parseCsv(await res.text());
    expect(header).toEqual([...ACCOUNT_LINKS_CSV_COLUMNS]);
    // All 551 rows: more than one page of the export (500), not only the first.
    expect(lines).toHaveLength(551);
    expect(lines[0].slice(0, 4)).toEqual(['File request', 'My files', "'@SUM(1)", `'=HYPERLINK("http://evil.example","Owner")`]);
    const items = new Map(lines.slice(1).map((cells) => [cells[1], cells]));
    expect([...items.keys()].sort()).toEqual(["'+SUM(A1).txt", "'-2+3.csv", "'=1+2.pdf", "'@cmd.txt", 'Plain, "quoted".txt'].sort());
    for (const cells of lines) for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@]/);
    expect(lines.filter((cells) => cells[1] === "'=1+2.pdf")).toHaveLength(110);
    expect(lines[1].slice(5, 11)).toEqual(['Never', 'None', '', '0', '0', '']);
  }, 120_000);
});
