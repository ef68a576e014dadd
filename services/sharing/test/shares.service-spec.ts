import { createHash, randomUUID } from 'node:crypto';
import { Logger, type INestMicroservice } from '@nestjs/common';
import {
  AccountEvent,
  AuthEvent,
  viewByteBudget,
  SHARE_TICKET_SECONDS,
  SHARE_VIEW_IDLE_SECONDS,
  SHARE_VIEW_MAX_SECONDS,
  SHARE_ACCESSES_PAGE_SIZE,
  SHARES_PAGE_SIZE,
  ShareRefusal,
  SharingSubject,
  type CallerIdentity,
  personalDataInventorySubject,
} from '@coffer/contracts';
import { DATABASE, EventBus, loadConfig, runService, UnitOfWork, type Database } from '@coffer/server-core';
import { DATABASE_KINDS, eventually, freshDatabase, newCaller, TestCaller, testInfra } from '@coffer/server-core/testing';
import { AppModule } from '../src/app.module.js';
import { sharingConfigSchema } from '../src/config.js';
import { AccessesRepository } from '../src/accesses/accesses.repository.js';
import { PeopleRepository } from '../src/people/people.repository.js';
import { SharesRepository } from '../src/shares/shares.repository.js';
import { shareAccess, shares, shareTickets } from '../src/db/schema.js';
import { eq, sql } from 'drizzle-orm';

Logger.overrideLogger(false);

// The restrictions checked before any other service is asked; the whole flow runs in gateway/test/sharing.api-spec.ts.
describe.each(DATABASE_KINDS)('sharing service on %s', (kind) => {
  let app: INestMicroservice;
  let caller: TestCaller;
  let repository: SharesRepository;
  let people: PeopleRepository;
  let publisher: EventBus;
  let unit: UnitOfWork;
  let db: Database;

  beforeAll(async () => {
    const config = loadConfig(sharingConfigSchema, { ...(await freshDatabase(kind)), NATS_URL: testInfra().natsUrl, NODE_ENV: 'test', LOG_LEVEL: 'error' });
    app = await runService('sharing', config, AppModule.forConfig(config));
    repository = app.get(SharesRepository);
    people = app.get(PeopleRepository);
    unit = app.get(UnitOfWork);
    db = app.get<Database>(DATABASE);
    caller = new TestCaller();
    publisher = await EventBus.connect({ nats: testInfra().natsUrl, consumer: 'sharing-test-publisher', logger: new Logger('test') });
  });
  afterAll(async () => {
    await app?.close();
    await caller.close();
    await publisher.close();
  });

  /** A recipient who confirmed their address, and a share made with it (as the sharing service stores one). */
  async function shareWith(restrictions: { expiresAt?: Date; maxAccessCount?: number; allowedIps?: string[] }) {
    const recipient = newCaller('member');
    const email = `${recipient.userId}@example.com`;
    const owner = newCaller();
    const share = await unit.run(async () => {
      await people.remember({ userId: recipient.userId, email, fullName: 'Recipient', emailConfirmed: true });
      return repository.upsert({
        accountId: owner.accountId,
        fileId: randomUUID(),
        fileName: 'Report.pdf',
        fileSize: 10,
        mimeType: 'application/pdf',
        sharedByUserId: owner.userId,
        sharedWithEmail: email,
        allowedIps: restrictions.allowedIps ?? null,
        expiresAt: restrictions.expiresAt ?? null,
        maxAccessCount: restrictions.maxAccessCount ?? null,
      });
    });
    return { share, recipient };
  }
  /** Opens a share the way the gateway asks: the client's address travels beside the payload. */
  const open = (shareId: string, who: CallerIdentity, clientIp: string | undefined = '198.51.100.9') =>
    caller.request(SharingSubject.ShareLink, { shareId, disposition: 'inline' }, who, { clientIp });

  it('refuses an expired share with its message, before anything is counted', async () => {
    const { share, recipient } = await shareWith({ expiresAt: new Date(Date.now() - 1000), maxAccessCount: 5 });
    await expect(open(share.id, recipient)).rejects.toMatchObject({ status: 403, message: ShareRefusal.Expired });
    expect((await repository.find(share.id))?.accessCount).toBe(0);
  });

  it('refuses an address outside the allow-list', async () => {
    const { share, recipient } = await shareWith({ allowedIps: ['203.0.113.0/24'] });
    await expect(open(share.id, recipient)).rejects.toMatchObject({ status: 403, message: ShareRefusal.NetworkNotAllowed });
    await expect(open(share.id, recipient, undefined)).rejects.toMatchObject({ message: ShareRefusal.NetworkNotAllowed });
  });

  it('lets one of several presses of Share with the same id through, the others waiting for it and then finding its share', async () => {
    const { share } = await shareWith({});
    const userId = share.sharedByUserId;
    const requestId = randomUUID();
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () =>
        unit.run(async () => {
          if (!(await repository.claimRequest(userId, requestId, 'asked'))) return (await repository.madeByRequest(userId, requestId))?.share.id ?? 'none';
          // The one through makes its share slowly: the others must wait for it, not go on.
          await new Promise((r) => setTimeout(r, 200));
          await repository.requestMade(userId, requestId, share.id);
          return 'made';
        }),
      ),
    );
    expect(outcomes.sort()).toEqual(['made', ...Array(5).fill(share.id)].sort());
    // The same id is another user's to use.
    expect(await unit.run(() => repository.claimRequest(randomUUID(), requestId, 'asked'))).toBe(true);
  });

  it('pages a list of 250 shares, many made at the same instant, newest first: each share on exactly one page, even when the one a page starts after is revoked', async () => {
    const owner = newCaller();
    const recipient = newCaller('member');
    const email = `${recipient.userId}@example.com`;
    const base = Date.now() - 60_000;
    await people.remember({ userId: recipient.userId, email, fullName: 'Recipient', emailConfirmed: true });
    await db.insert(shares).values(
      Array.from({ length: 250 }, (_, i) => ({
        accountId: owner.accountId,
        fileId: randomUUID(),
        fileName: `File ${i}.pdf`,
        fileSize: 10,
        mimeType: 'application/pdf',
        sharedByUserId: owner.userId,
        sharedWithEmail: email,
        // Thirty shares at each instant: pages of fifty end inside a tie, which the order breaks by id.
        createdAt: new Date(base + Math.floor(i / 30) * 1000),
      })),
    );
    let revoked = false;
    for (const [direction, who] of [
      ['by-me', owner],
      ['with-me', recipient],
    ] as const) {
      const seen: { id: string; createdAt: string }[] = [];
      let after: string | undefined;
      do {
        const page = await caller.request(SharingSubject.ListShares, { direction, after }, who);
        expect(page.total).toBe(revoked ? 249 : 250);
        expect(page.items.length).toBeLessThanOrEqual(SHARES_PAGE_SIZE);
        seen.push(...page.items);
        after = page.next ?? undefined;
        // The share the second page starts after is revoked meanwhile: the list goes on from where it was.
        if (!revoked) {
          await unit.run(() => repository.remove(page.items.at(-1)!.id));
          revoked = true;
        }
      } while (after);
      // By me was read before the revoke (its first page) and after; with me, after.
      expect(new Set(seen.map((s) => s.id)).size).toBe(direction === 'by-me' ? 250 : 249);
      expect(seen).toHaveLength(direction === 'by-me' ? 250 : 249);
      const order = [...seen].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
      expect(seen.map((s) => s.id)).toEqual(order.map((s) => s.id));
    }
    await expect(caller.request(SharingSubject.ListShares, { direction: 'by-me', limit: 501 } as never, owner)).rejects.toMatchObject({ status: 400 });
  });

  it('counts parallel opens atomically: never more than the maximum', async () => {
    const { share } = await shareWith({ maxAccessCount: 3 });
    const counted = await Promise.all(Array.from({ length: 10 }, () => unit.run(() => repository.countAccess(share.id))));
    expect(counted.filter(Boolean)).toHaveLength(3);
    expect((await repository.find(share.id))?.accessCount).toBe(3);
  });

  it('answers "not found" to anyone but the recipient', async () => {
    const { share } = await shareWith({});
    await expect(open(share.id, newCaller())).rejects.toMatchObject({ status: 404 });
    await expect(open(randomUUID(), newCaller())).rejects.toMatchObject({ status: 404 });
  });

  it('spends a download ticket once, and refuses one that expired or whose share expired since', async () => {
    const redeem = (ticket: string, clientIp = '198.51.100.9') => caller.request(SharingSubject.RedeemShareTicket, { ticket }, newCaller(), { clientIp });
    const { share, recipient } = await shareWith({ expiresAt: new Date(Date.now() + 3_600_000) });
    const { ticket, expiresAt } = await open(share.id, recipient);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(SHARE_TICKET_SECONDS * 1000 + 5000);
    // The share expired after the ticket was handed out: the ticket follows the share as it is now.
    await unit.run(() => repository.upsert({ ...share, expiresAt: new Date(Date.now() - 1000) }));
    await expect(redeem(ticket)).rejects.toMatchObject({ status: 403, message: ShareRefusal.Expired });
    // Spent by that refusal: the same ticket is not tried twice.
    await expect(redeem(ticket)).rejects.toMatchObject({ status: 404, message: ShareRefusal.TicketSpent });

    // A ticket whose 60 s ran out (made here with none at all).
    const stale = 'S'.repeat(43);
    await unit.run(() =>
      repository.addTicket(
        { ticketHash: createHash('sha256').update(stale).digest('base64url'), shareId: share.id, disposition: 'inline', clientIp: '198.51.100.9' },
        0,
      ),
    );
    await expect(redeem(stale)).rejects.toMatchObject({ status: 404, message: ShareRefusal.TicketSpent });
  });

  it("keeps a View's ticket while its player reads ranges, never past its limit; spends a Download's and a View read whole; drops one presented from elsewhere", async () => {
    const { share } = await shareWith({});
    const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');
    const issue = (ticket: string, disposition: 'inline' | 'attachment') =>
      unit.run(() => repository.addTicket({ ticketHash: hashOf(ticket), shareId: share.id, disposition, clientIp: '198.51.100.9' }, SHARE_TICKET_SECONDS));
    const use = (ticket: string, ranged = true) =>
      repository.useTicket(hashOf(ticket), { keepView: ranged, idleSeconds: SHARE_VIEW_IDLE_SECONDS, maxSeconds: SHARE_VIEW_MAX_SECONDS });
    const secondsLeft = (row: { expiresAt: Date } | undefined) => Math.round((row!.expiresAt.getTime() - Date.now()) / 1000);

    const view = 'V'.repeat(43);
    await issue(view, 'inline');
    // Every read keeps it the idle time more, from the database's clock.
    for (let read = 0; read < 3; read++) expect(secondsLeft(await use(view))).toBeGreaterThan(SHARE_VIEW_IDLE_SECONDS - 5);
    // Opened nearly the limit ago: a read keeps it only until the limit.
    const issuedAgo = (seconds: number) =>
      db
        .update(shareTickets)
        .set({ issuedAt: sql`now() - make_interval(secs => ${seconds})` })
        .where(eq(shareTickets.ticketHash, hashOf(view)));
    await issuedAgo(SHARE_VIEW_MAX_SECONDS - 30);
    expect(secondsLeft(await use(view))).toBeLessThanOrEqual(30);
    // Past the limit, it is read no more, even though it was kept a moment ago.
    await issuedAgo(SHARE_VIEW_MAX_SECONDS + 1);
    expect(await use(view)).toBeUndefined();

    const download = 'D'.repeat(43);
    await issue(download, 'attachment');
    expect(await use(download)).toMatchObject({ disposition: 'attachment' });
    expect(await use(download)).toBeUndefined();

    // A View read whole (a picture, a PDF: no range) is one read, like a Download.
    const picture = 'P'.repeat(43);
    await issue(picture, 'inline');
    expect(await use(picture, false)).toMatchObject({ disposition: 'inline' });
    expect(await use(picture)).toBeUndefined();

    // A View's ticket presented from another address is refused and gone, for its own address too.
    const leaked = 'L'.repeat(43);
    await issue(leaked, 'inline');
    const redeem = (clientIp: string) => caller.request(SharingSubject.RedeemShareTicket, { ticket: leaked, range: { start: 0 } }, newCaller(), { clientIp });
    await expect(redeem('192.0.2.77')).rejects.toMatchObject({ status: 404, message: ShareRefusal.TicketSpent });
    await expect(redeem('198.51.100.9')).rejects.toMatchObject({ status: 404, message: ShareRefusal.TicketSpent });
    expect(await use(leaked)).toBeUndefined();
  });

  it("grants a View's ranged reads at most its byte budget in all, however many ask at once, and takes back what a read did not send", async () => {
    const { share, recipient } = await shareWith({});
    const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');
    const { ticket } = await open(share.id, recipient);
    const budget = viewByteBudget(share.fileSize);
    expect(budget).toBe(13);
    const budgetOf = async () =>
      (
        await db
          .select()
          .from(shareTickets)
          .where(eq(shareTickets.ticketHash, hashOf(ticket)))
      )[0];
    expect(await budgetOf()).toMatchObject({ byteBudget: budget, bytesRead: 0 });

    // 20 players' reads of the whole file at once: between them, never more than the budget.
    const granted = await Promise.all(Array.from({ length: 20 }, () => repository.grantViewBytes(hashOf(ticket), share.fileSize)));
    expect(granted.reduce<number>((sum, bytes) => sum + (bytes ?? 0), 0)).toBe(budget);
    expect(granted.filter((bytes) => bytes! > 0).sort((a, b) => a! - b!)).toEqual([3, 10]);
    expect(await repository.grantViewBytes(hashOf(ticket), 1)).toBe(0);

    // A read broken off after 4 of its 10 bytes gives the other 6 back: the View may read them later, no more.
    await caller.request(SharingSubject.ReturnUnreadBytes, { ticket, bytes: 6 }, newCaller());
    expect(await budgetOf()).toMatchObject({ bytesRead: budget - 6 });
    expect(await Promise.all([repository.grantViewBytes(hashOf(ticket), 5), repository.grantViewBytes(hashOf(ticket), 5)])).toEqual(
      expect.arrayContaining([5, 1]),
    );
    // Never below nothing read, whatever is given back.
    await caller.request(SharingSubject.ReturnUnreadBytes, { ticket, bytes: 1000 }, newCaller());
    expect(await budgetOf()).toMatchObject({ bytesRead: 0 });

    // A Download's ticket has no ranged reads to grant.
    const download = (await caller.request(SharingSubject.ShareLink, { shareId: share.id, disposition: 'attachment' }, recipient, { clientIp: '198.51.100.9' }))
      .ticket;
    expect(await repository.grantViewBytes(hashOf(download), 1)).toBeUndefined();
  });

  it("lists a share's opens and downloads, newest first, a page at a time, to its sharer only", async () => {
    const { share, recipient } = await shareWith({});
    const accesses = app.get(AccessesRepository);
    const first = await unit.run(() => accesses.add({ shareId: share.id, clientIp: '203.0.113.7', disposition: 'inline' }));
    // The second open comes at a later instant (the database's clock can read the same instant twice in a row).
    await eventually(async () => {
      const later = sql`select now() > (select ${shareAccess.accessedAt} from ${shareAccess} where ${shareAccess.id} = ${first.id}) as later`;
      return ((await db.execute(later)) as unknown as { rows: { later: boolean }[] }).rows[0].later;
    });
    await unit.run(() => accesses.add({ shareId: share.id, clientIp: null, disposition: 'attachment' }));
    const sharer: CallerIdentity = { userId: share.sharedByUserId, accountId: share.accountId, role: 'owner' };
    const { items, next, total } = await caller.request(SharingSubject.ListShareAccesses, { shareId: share.id }, sharer);
    expect(items.map((a) => [a.disposition, a.clientIp])).toEqual([
      ['attachment', null],
      ['inline', '203.0.113.7'],
    ]);
    expect([next, total]).toEqual([null, 2]);

    // A much opened share: 250 more opens, thirty at each instant (pages of a hundred end inside a tie). Every one is on exactly one page, in order.
    const base = Date.now() + 60_000;
    await db.insert(shareAccess).values(
      Array.from({ length: 250 }, (_, i) => ({
        shareId: share.id,
        clientIp: `198.51.100.${i % 250}`,
        disposition: 'inline' as const,
        accessedAt: new Date(base + Math.floor(i / 30) * 1000),
      })),
    );
    const seen: { id: string; accessedAt: string }[] = [];
    let after: string | undefined;
    do {
      const page = await caller.request(SharingSubject.ListShareAccesses, { shareId: share.id, after }, sharer);
      expect(page.total).toBe(252);
      expect(page.items.length).toBeLessThanOrEqual(SHARE_ACCESSES_PAGE_SIZE);
      seen.push(...page.items);
      after = page.next ?? undefined;
    } while (after);
    expect(new Set(seen.map((a) => a.id)).size).toBe(252);
    expect(seen.map((a) => a.id)).toEqual([...seen].sort((a, b) => b.accessedAt.localeCompare(a.accessedAt) || b.id.localeCompare(a.id)).map((a) => a.id));
    await expect(caller.request(SharingSubject.ListShareAccesses, { shareId: share.id, limit: 501 } as never, sharer)).rejects.toMatchObject({ status: 400 });
    // The recipient, another member of the account and a stranger learn nothing.
    for (const who of [recipient, { ...newCaller('admin'), accountId: share.accountId }, newCaller()]) {
      await expect(caller.request(SharingSubject.ListShareAccesses, { shareId: share.id }, who)).rejects.toMatchObject({
        status: 404,
        message: 'Share not found',
      });
    }
    // Revoking the share removes its history with it.
    await unit.run(() => repository.remove(share.id));
    expect(await accesses.page(share.id, { limit: 10 })).toEqual({ rows: [], next: null, total: 0 });
  });

  describe('a departing member', () => {
    /** A share as the sharing service stores one, from `by` in `accountId` to `email`. */
    const shareFrom = (by: string, accountId: string, email: string) =>
      unit.run(() =>
        repository.upsert({
          accountId,
          fileId: randomUUID(),
          fileName: 'Plan.pdf',
          fileSize: 10,
          mimeType: 'application/pdf',
          sharedByUserId: by,
          sharedWithEmail: email,
          allowedIps: null,
          expiresAt: null,
          maxAccessCount: 3,
        }),
      );
    const receiverOf = (user: CallerIdentity) => ({ userId: user.userId, fullName: 'Ada Admin', email: `${user.userId}@example.com` });

    it('hands the shares they made to whoever receives their files, in the account they left; shares made to them stay theirs', async () => {
      const admin = newCaller('admin');
      const member = { ...newCaller('member'), accountId: admin.accountId };
      const memberEmail = `${member.userId}@example.com`;
      const toClient = await shareFrom(member.userId, admin.accountId, 'client@example.com');
      await unit.run(() => repository.countAccess(toClient.id));
      const toTheReceiver = await shareFrom(member.userId, admin.accountId, receiverOf(admin).email);
      const toTheMember = await shareFrom(admin.userId, admin.accountId, memberEmail);
      const newAccount = randomUUID();
      await publisher.publish(AccountEvent.MembershipChanged, {
        id: randomUUID(),
        accountId: newAccount,
        actorId: admin.userId,
        payload: {
          userId: member.userId,
          email: memberEmail,
          fullName: 'Maya Member',
          accountId: newAccount,
          previousAccountId: admin.accountId,
          role: 'owner',
          membershipVersion: 2,
          reason: 'removed',
          filesTo: receiverOf(admin),
        },
      });
      // The recipient keeps the share as it was (its count too), now made by the receiver, in the same account.
      await eventually(async () => (await repository.find(toClient.id))?.sharedByUserId === admin.userId);
      expect(await repository.find(toClient.id)).toMatchObject({ accountId: admin.accountId, sharedWithEmail: 'client@example.com', accessCount: 1 });
      // A share with oneself means nothing: it goes. One made to the member stays, still a share by email.
      expect(await repository.find(toTheReceiver.id)).toBeUndefined();
      expect(await repository.find(toTheMember.id)).toMatchObject({ sharedByUserId: admin.userId, sharedWithEmail: memberEmail });
    });

    it('hands the shares of a member who deletes their own account to the owner, and erases those made to them', async () => {
      const owner = newCaller();
      const member = { ...newCaller('member'), accountId: owner.accountId };
      const memberEmail = `${member.userId}@example.com`;
      const theirs = await shareFrom(member.userId, owner.accountId, 'client@example.com');
      const toThem = await shareFrom(owner.userId, owner.accountId, memberEmail);
      await publisher.publish(AccountEvent.UserDeleted, {
        id: randomUUID(),
        accountId: owner.accountId,
        actorId: member.userId,
        payload: {
          userId: member.userId,
          email: memberEmail,
          fullName: 'Maya Member',
          accountId: owner.accountId,
          accountDeleted: false,
          filesTo: receiverOf(owner),
        },
      });
      await eventually(async () => (await repository.find(toThem.id)) === undefined);
      expect(await repository.find(theirs.id)).toMatchObject({ sharedByUserId: owner.userId, accountId: owner.accountId });
      const held = await caller.request(personalDataInventorySubject('sharing'), { userId: member.userId, email: memberEmail });
      expect(Object.values(held.counts).every((n) => n === 0)).toBe(true);
    });
  });

  it("takes a person's new name from auth's NameChanged, the same event again changing nothing more, their confirmed address kept", async () => {
    const user = newCaller();
    const email = `${user.userId}@example.com`;
    const who = { accountId: user.accountId, actorId: user.userId };
    await publisher.publish(AuthEvent.UserRegistered, { ...who, payload: { userId: user.userId, accountId: user.accountId, email, fullName: 'Dana Lee' } });
    await publisher.publish(AuthEvent.EmailVerified, { ...who, payload: { userId: user.userId, email } });
    await eventually(async () => (await people.find(user.userId))?.emailConfirmed);
    for (let i = 0; i < 2; i++) await publisher.publish(AuthEvent.NameChanged, { ...who, payload: { userId: user.userId, email, fullName: 'Dana Newname' } });
    await eventually(async () => (await people.find(user.userId))?.fullName === 'Dana Newname');
    expect(await people.find(user.userId)).toEqual({ userId: user.userId, email, fullName: 'Dana Newname', emailConfirmed: true });
  });

  it("lists shares with a user only once auth's events say they confirmed their address", async () => {
    const user = newCaller();
    const email = `${user.userId}@example.com`;
    const who = { accountId: user.accountId, actorId: user.userId };
    await publisher.publish(AuthEvent.UserRegistered, { ...who, payload: { userId: user.userId, accountId: user.accountId, email, fullName: 'Dana Lee' } });
    await eventually(() => people.find(user.userId));
    await expect(caller.request(SharingSubject.ListShares, { direction: 'with-me' }, user)).resolves.toEqual({
      items: [],
      next: null,
      total: 0,
      emailConfirmed: false,
    });

    await publisher.publish(AuthEvent.EmailVerified, { ...who, payload: { userId: user.userId, email } });
    await eventually(async () => (await caller.request(SharingSubject.ListShares, { direction: 'with-me' }, user)).emailConfirmed);
    expect(await people.find(user.userId)).toEqual({ userId: user.userId, email, fullName: 'Dana Lee', emailConfirmed: true });
  });
});
