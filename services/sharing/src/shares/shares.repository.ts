import { Injectable } from '@nestjs/common';
import { and, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { newestFirst, type Page, type PageRequest } from '../db/newest-first.js';
import { shareRequests, shareSends, shares, shareTickets, type ShareRow, type ShareTicketRow } from '../db/schema.js';

export type NewShare = Omit<typeof shares.$inferInsert, 'id' | 'accessCount' | 'fileTrashed' | 'createdAt'>;

/** The only place that reads and writes shares. */
@Injectable()
export class SharesRepository extends Repository {
  /** Keeps that a share email was caused now (the hourly limits count these). */
  async recordSend(sharedByUserId: string, sharedWithEmail: string) {
    await this.db.insert(shareSends).values({ sharedByUserId, sharedWithEmail });
  }

  /** The share emails the user caused in the last hour: in all, and to `email`. */
  async sendsInLastHour(sharedByUserId: string, email: string): Promise<{ all: number; toRecipient: number }> {
    const [row] = await this.db
      .select({
        all: sql<number>`count(*)::int`,
        toRecipient: sql<number>`(count(*) filter (where ${shareSends.sharedWithEmail} = ${email}))::int`,
      })
      .from(shareSends)
      .where(and(eq(shareSends.sharedByUserId, sharedByUserId), sql`${shareSends.sentAt} > now() - interval '1 hour'`));
    return { all: row?.all ?? 0, toRecipient: row?.toRecipient ?? 0 };
  }

  /**
   * Claims a press of Share by its id, for its user (forgetting their claims
   * over a day old). False when that press was claimed before: it is being, or
   * was, answered already. A second claim of the same press waits for the
   * first one's transaction (the primary key), so the two never both go on.
   */
  async claimRequest(userId: string, requestId: string, fingerprint: string): Promise<boolean> {
    await this.db.delete(shareRequests).where(and(eq(shareRequests.userId, userId), sql`${shareRequests.createdAt} < now() - interval '1 day'`));
    const claimed = await this.db
      .insert(shareRequests)
      .values({ userId, requestId, fingerprint })
      .onConflictDoNothing()
      .returning({ requestId: shareRequests.requestId });
    return claimed.length > 0;
  }

  /** Notes the share a claimed press made (in the transaction that made it). */
  async requestMade(userId: string, requestId: string, shareId: string) {
    await this.db
      .update(shareRequests)
      .set({ shareId })
      .where(and(eq(shareRequests.userId, userId), eq(shareRequests.requestId, requestId)));
  }

  /** The share an earlier press made, as it is now, and what that press asked for (its fingerprint). */
  async madeByRequest(userId: string, requestId: string): Promise<{ share: ShareRow; fingerprint: string | null } | undefined> {
    const [row] = await this.db
      .select({ share: shares, fingerprint: shareRequests.fingerprint })
      .from(shareRequests)
      .innerJoin(shares, eq(shares.id, shareRequests.shareId))
      .where(and(eq(shareRequests.userId, userId), eq(shareRequests.requestId, requestId)));
    return row;
  }

  /** Makes the share, or renews it (new restrictions, count back to 0) when the file is already shared with that address. */
  async upsert(share: NewShare): Promise<ShareRow> {
    const renewed = { ...share, accessCount: 0, fileTrashed: false, createdAt: new Date() };
    const [row] = await this.db
      .insert(shares)
      .values(renewed)
      .onConflictDoUpdate({ target: [shares.fileId, shares.sharedWithEmail], set: renewed })
      .returning();
    return row;
  }

  async find(id: string): Promise<ShareRow | undefined> {
    const [row] = await this.db.select().from(shares).where(eq(shares.id, id));
    return row;
  }

  /** The shares with `email` of these folders of the account (not in the trash). */
  folderSharesWith(email: string, accountId: string, folderIds: string[]): Promise<ShareRow[]> {
    return this.db
      .select()
      .from(shares)
      .where(
        and(
          eq(shares.sharedWithEmail, email),
          eq(shares.accountId, accountId),
          eq(shares.kind, 'folder'),
          eq(shares.fileTrashed, false),
          inArray(shares.fileId, folderIds),
        ),
      );
  }

  /** A page of the shares the user made (of one file when `fileId` is given), newest first. */
  sharedBy(userId: string, fileId: string | undefined, page: PageRequest): Promise<Page<ShareRow>> {
    return this.page(and(eq(shares.sharedByUserId, userId), eq(shares.fileTrashed, false), fileId ? eq(shares.fileId, fileId) : undefined)!, page);
  }

  /** The shares of one item made in an account, oldest first (at most one per address). */
  sharesOf(accountId: string, fileId: string): Promise<ShareRow[]> {
    return this.db
      .select()
      .from(shares)
      .where(and(eq(shares.accountId, accountId), eq(shares.fileId, fileId)))
      .orderBy(shares.createdAt, shares.id);
  }

  /** A page of the shares made with an email address, newest first. */
  sharedWith(email: string, page: PageRequest): Promise<Page<ShareRow>> {
    return this.page(and(eq(shares.sharedWithEmail, email), eq(shares.fileTrashed, false))!, page);
  }

  /** One page of a list of shares, newest first (ties by id), and how many the list holds. */
  private page(where: SQL, page: PageRequest): Promise<Page<ShareRow>> {
    return newestFirst(this.db, shares, { time: shares.createdAt, id: shares.id }, where, page);
  }

  /** Counts one access, unless the share has used them all up: one statement, so parallel opens cannot overshoot. */
  async countAccess(id: string): Promise<ShareRow | undefined> {
    const [row] = await this.db
      .update(shares)
      .set({ accessCount: sql`${shares.accessCount} + 1` })
      .where(and(eq(shares.id, id), or(isNull(shares.maxAccessCount), lt(shares.accessCount, shares.maxAccessCount))))
      .returning();
    return row;
  }

  /** Keeps a ticket for a counted open (by its hash), good for `seconds` by the database's clock, and forgets the ones that expired unused. */
  async addTicket(ticket: Omit<typeof shareTickets.$inferInsert, 'expiresAt'>, seconds: number): Promise<ShareTicketRow> {
    await this.db.delete(shareTickets).where(lt(shareTickets.expiresAt, sql`now()`));
    const [row] = await this.db
      .insert(shareTickets)
      .values({ ...ticket, expiresAt: sql`now() + make_interval(secs => ${seconds})` })
      .returning();
    return row;
  }

  /**
   * Uses a ticket, unexpired. With `keepView`, a View's is kept `idleSeconds` more from now (never
   * past `maxSeconds` from its issue); any other use spends the ticket. Undefined when it was
   * unknown, spent or expired.
   */
  async useTicket(
    ticketHash: string,
    { keepView, idleSeconds, maxSeconds }: { keepView: boolean; idleSeconds: number; maxSeconds: number },
  ): Promise<ShareTicketRow | undefined> {
    const usable = and(eq(shareTickets.ticketHash, ticketHash), sql`${shareTickets.expiresAt} > now()`);
    if (keepView) {
      const [viewed] = await this.db
        .update(shareTickets)
        .set({ expiresAt: sql`least(now() + make_interval(secs => ${idleSeconds}), ${shareTickets.issuedAt} + make_interval(secs => ${maxSeconds}))` })
        .where(and(usable, eq(shareTickets.disposition, 'inline'), sql`${shareTickets.issuedAt} + make_interval(secs => ${maxSeconds}) > now()`))
        .returning();
      if (viewed) return viewed;
    }
    const [spent] = await this.db
      .delete(shareTickets)
      // A View past its limit, read a range at a time, is left to expire: never read again either way.
      .where(and(usable, keepView ? eq(shareTickets.disposition, 'attachment') : undefined))
      .returning();
    return spent;
  }

  /**
   * Grants a View's read up to `wanted` bytes of what its budget has left, counted at once (the
   * ticket's row is locked, so reads at the same time never grant more than the budget between
   * them). Answers the bytes granted (0 when the budget is spent), or undefined for no such View.
   */
  async grantViewBytes(ticketHash: string, wanted: number): Promise<number | undefined> {
    return this.unit.run(async () => {
      const [view] = await this.db
        .select({ byteBudget: shareTickets.byteBudget, bytesRead: shareTickets.bytesRead })
        .from(shareTickets)
        .where(and(eq(shareTickets.ticketHash, ticketHash), eq(shareTickets.disposition, 'inline')))
        .for('update');
      if (!view) return undefined;
      const granted = Math.max(0, Math.min(wanted, view.byteBudget - view.bytesRead));
      if (granted > 0)
        await this.db
          .update(shareTickets)
          .set({ bytesRead: sql`${shareTickets.bytesRead} + ${granted}` })
          .where(eq(shareTickets.ticketHash, ticketHash));
      return granted;
    });
  }

  /** Gives a View back bytes it was granted and did not send. */
  async returnViewBytes(ticketHash: string, bytes: number): Promise<void> {
    await this.db
      .update(shareTickets)
      .set({ bytesRead: sql`greatest(${shareTickets.bytesRead} - ${bytes}, 0)` })
      .where(and(eq(shareTickets.ticketHash, ticketHash), eq(shareTickets.disposition, 'inline')));
  }

  /** Forgets a ticket, whatever it was for (one presented from another address). */
  async dropTicket(ticketHash: string): Promise<void> {
    await this.db.delete(shareTickets).where(eq(shareTickets.ticketHash, ticketHash));
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(shares).where(eq(shares.id, id));
  }

  /** The shares a person made count in the account they are in now (its admins may revoke them). */
  async moveSharer(userId: string, accountId: string): Promise<void> {
    await this.db.update(shares).set({ accountId }).where(eq(shares.sharedByUserId, userId));
  }

  async setFileTrashed(fileId: string, trashed: boolean): Promise<void> {
    await this.db.update(shares).set({ fileTrashed: trashed }).where(eq(shares.fileId, fileId));
  }

  /** Sets the copy of a file's name on its shares (the event's name is the file's as it is now: a repeat changes nothing). */
  async setFileName(fileId: string, name: string): Promise<void> {
    await this.db.update(shares).set({ fileName: name }).where(eq(shares.fileId, fileId));
  }

  async removeFile(fileId: string): Promise<void> {
    await this.db.delete(shares).where(eq(shares.fileId, fileId));
  }
}
