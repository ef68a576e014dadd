import { randomBytes, randomUUID } from 'node:crypto';
import { Logger, type INestMicroservice } from '@nestjs/common';
import { LINK_GUESSES_ALLOWED, LinkRefusal, LinkSubject, ShareRefusal } from '@coffer/contracts';
import { loadConfig, runService, tokenHash } from '@coffer/server-core';
import { DATABASE_KINDS, freshDatabase, newCaller, TestCaller, testInfra } from '@coffer/server-core/testing';
import { AppModule } from '../src/app.module.js';
import { sharingConfigSchema } from '../src/config.js';
import { hashLinkPassword } from '../src/links/link-passwords.js';
import { LinksRepository } from '../src/links/links.repository.js';

Logger.overrideLogger(false);

const SLACKBOT = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

// The rules of a link's public side checked in the sharing service alone; the whole flow runs in gateway/test/links.api-spec.ts.
describe.each(DATABASE_KINDS)('links on %s', (kind) => {
  let app: INestMicroservice;
  let caller: TestCaller;
  let links: LinksRepository;

  beforeAll(async () => {
    const config = loadConfig(sharingConfigSchema, { ...(await freshDatabase(kind)), NATS_URL: testInfra().natsUrl, NODE_ENV: 'test', LOG_LEVEL: 'error' });
    app = await runService('sharing', config, AppModule.forConfig(config));
    links = app.get(LinksRepository);
    caller = new TestCaller();
  });
  afterAll(async () => {
    await app?.close();
    await caller.close();
  });

  /** A link as the sharing service stores one, and its token. */
  async function linkWith(restrictions: { expiresAt?: Date; maxDownloads?: number; allowedIps?: string[]; password?: string }) {
    const owner = newCaller();
    const token = randomBytes(32).toString('base64url');
    const link = await links.add({
      tokenHash: tokenHash(token),
      accountId: owner.accountId,
      fileId: randomUUID(),
      fileName: 'Report.pdf',
      fileSize: 10,
      mimeType: 'application/pdf',
      createdByUserId: owner.userId,
      passwordHash: restrictions.password ? await hashLinkPassword(restrictions.password) : null,
      allowedIps: restrictions.allowedIps ?? null,
      expiresAt: restrictions.expiresAt ?? null,
      maxDownloads: restrictions.maxDownloads ?? null,
    });
    return { link, token, owner };
  }
  /** A View or Download from the public page, the way the gateway asks: no caller, the visitor's address and user agent beside it. */
  const open = (
    token: string,
    { password, clientIp = '198.51.100.9', userAgent = CHROME }: { password?: string; clientIp?: string; userAgent?: string } = {},
  ) => caller.request(LinkSubject.OpenLinkFile, { token, password, disposition: 'attachment' }, undefined, { clientIp, userAgent });

  it('keeps only the hash of the token and of the password', async () => {
    const { link, token } = await linkWith({ password: 'correct horse' });
    expect(link.tokenHash).not.toContain(token);
    expect(link.passwordHash).toMatch(/^scrypt\$/);
    expect(link.passwordHash).not.toContain('correct horse');
  });

  it('refuses an expired link with its message, before anything is counted', async () => {
    const { link, token } = await linkWith({ expiresAt: new Date(Date.now() - 1000), maxDownloads: 5 });
    await expect(open(token)).rejects.toMatchObject({ status: 403, message: ShareRefusal.Expired });
    expect((await links.find(link.id))?.downloadCount).toBe(0);
  });

  it('refuses an address outside the allow-list, and a client whose address is unknown', async () => {
    const { token } = await linkWith({ allowedIps: ['203.0.113.0/24'] });
    await expect(open(token)).rejects.toMatchObject({ status: 403, message: ShareRefusal.NetworkNotAllowed });
    await expect(open(token, { clientIp: '' })).rejects.toMatchObject({ message: ShareRefusal.NetworkNotAllowed });
    await expect(open(token, { clientIp: '203.0.113.77' })).resolves.toMatchObject({ ticket: expect.any(String) });
  });

  it('hands out exactly its maximum of downloads when dozens ask at once, then refuses with its message', async () => {
    const { link, token } = await linkWith({ maxDownloads: 5 });
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => open(token)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [(o.reason as Error).message] : []));
    expect(new Set(refusals)).toEqual(new Set([ShareRefusal.AccessLimitReached]));
    expect((await links.find(link.id))?.downloadCount).toBe(5);
    expect((await links.accesses(link.id)).length).toBe(5);
  });

  it('takes a few wrong passwords, then refuses every password (the right one too) for a while; a right password is not counted as a guess', async () => {
    const { link, token } = await linkWith({ password: 'correct horse' });
    await expect(open(token)).rejects.toMatchObject({ status: 403, message: LinkRefusal.PasswordRequired });
    await expect(open(token, { password: 'correct horse' })).resolves.toMatchObject({ ticket: expect.any(String) });
    const answers: string[] = [];
    for (let i = 0; i < 20; i++)
      answers.push(
        await open(token, { password: `guess ${i}` }).then(
          () => 'opened',
          (err: Error & { status: number }) => `${err.status} ${err.message}`,
        ),
      );
    expect(answers).toEqual([
      ...Array(LINK_GUESSES_ALLOWED).fill(`403 ${LinkRefusal.WrongPassword}`),
      ...Array(20 - LINK_GUESSES_ALLOWED).fill(`429 ${LinkRefusal.TooManyGuesses}`),
    ]);
    await expect(open(token, { password: 'correct horse' })).rejects.toMatchObject({ status: 429 });
    expect((await links.find(link.id))?.downloadCount).toBe(1);
  });

  it('never hands a link-preview bot the file, and never counts it', async () => {
    const { link, token } = await linkWith({ maxDownloads: 1 });
    for (const userAgent of [
      SLACKBOT,
      'WhatsApp/2.23.20.0 A',
      'facebookexternalhit/1.1',
      'Mozilla/5.0 (compatible; Discordbot/2.0)',
      'TelegramBot (like TwitterBot)',
    ])
      await expect(open(token, { userAgent })).rejects.toMatchObject({ status: 403, message: LinkRefusal.Preview });
    expect((await links.find(link.id))?.downloadCount).toBe(0);
    await expect(open(token)).resolves.toMatchObject({ ticket: expect.any(String) });
  });

  it('ends at once when revoked: its page, its opens and the tickets it handed out', async () => {
    const { link, token, owner } = await linkWith({});
    const { ticket } = await open(token);
    await caller.request(LinkSubject.RevokeLink, { linkId: link.id }, owner);
    await expect(open(token)).rejects.toMatchObject({ status: 404 });
    await expect(caller.request(LinkSubject.RedeemLinkTicket, { ticket }, undefined, { clientIp: '198.51.100.9' })).rejects.toMatchObject({ status: 404 });
  });

  it('lets only its maker change it or see its accesses, and only its maker or an admin of the account revoke it', async () => {
    const { link, owner } = await linkWith({});
    const stranger = newCaller();
    const member = { ...newCaller('member'), accountId: owner.accountId };
    for (const who of [stranger, member]) {
      await expect(caller.request(LinkSubject.UpdateLink, { linkId: link.id, password: null }, who)).rejects.toMatchObject({ status: 404 });
      await expect(caller.request(LinkSubject.ListLinkAccesses, { linkId: link.id }, who)).rejects.toMatchObject({ status: 404 });
      await expect(caller.request(LinkSubject.RevokeLink, { linkId: link.id }, who)).rejects.toMatchObject({ status: 404 });
    }
    await caller.request(LinkSubject.RevokeLink, { linkId: link.id }, { ...newCaller('admin'), accountId: owner.accountId });
    expect(await links.find(link.id)).toBeUndefined();
  });
});
