import { Injectable } from '@nestjs/common';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { linkAccesses, linkPasswordFailures, links, linkTickets, type LinkAccessRow, type LinkRow } from '../db/schema.js';

export type NewLink = Omit<typeof links.$inferInsert, 'id' | 'downloadCount' | 'openCount' | 'fileTrashed' | 'createdAt'>;
export type LinkChange = Partial<Pick<typeof links.$inferInsert, 'passwordHash' | 'allowedIps' | 'expiresAt' | 'maxDownloads'>>;

/** The only place that reads and writes links, their accesses, tickets and wrong passwords. */
@Injectable()
export class LinksRepository extends Repository {
  async add(link: NewLink): Promise<LinkRow> {
    const [row] = await this.db.insert(links).values(link).returning();
    return row;
  }

  async find(id: string): Promise<LinkRow | undefined> {
    const [row] = await this.db.select().from(links).where(eq(links.id, id));
    return row;
  }

  async findByToken(tokenHash: string): Promise<LinkRow | undefined> {
    const [row] = await this.db.select().from(links).where(eq(links.tokenHash, tokenHash));
    return row;
  }

  /** The user's links to one file, newest first. */
  ofFile(userId: string, fileId: string): Promise<LinkRow[]> {
    return this.db
      .select()
      .from(links)
      .where(and(eq(links.createdByUserId, userId), eq(links.fileId, fileId), eq(links.fileTrashed, false)))
      .orderBy(desc(links.createdAt), desc(links.id));
  }

  /**
   * The account's active links (not expired, their file not in the trash), newest first, from after
   * `after` (a row's creation time to the millisecond, and id).
   */
  activeInAccount(accountId: string, after: { createdAt: Date; id: string } | undefined, limit: number): Promise<LinkRow[]> {
    const created = sql`date_trunc('milliseconds', ${links.createdAt})`;
    return this.db
      .select()
      .from(links)
      .where(
        and(
          eq(links.accountId, accountId),
          eq(links.fileTrashed, false),
          or(isNull(links.expiresAt), gt(links.expiresAt, new Date())),
          after ? sql`(${created}, ${links.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(desc(created), desc(links.id))
      .limit(limit);
  }

  async change(id: string, change: LinkChange): Promise<LinkRow | undefined> {
    const [row] = await this.db.update(links).set(change).where(eq(links.id, id)).returning();
    return row;
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(links).where(eq(links.id, id));
  }

  /** Counts one View or Download, unless the link has used them all up: one statement, so parallel opens cannot overshoot. */
  async countDownload(id: string): Promise<LinkRow | undefined> {
    const [row] = await this.db
      .update(links)
      .set({ downloadCount: sql`${links.downloadCount} + 1` })
      .where(and(eq(links.id, id), or(isNull(links.maxDownloads), lt(links.downloadCount, links.maxDownloads))))
      .returning();
    return row;
  }

  async countOpen(id: string): Promise<void> {
    await this.db
      .update(links)
      .set({ openCount: sql`${links.openCount} + 1` })
      .where(eq(links.id, id));
  }

  async addAccess(access: Omit<typeof linkAccesses.$inferInsert, 'id' | 'accessedAt'>): Promise<void> {
    await this.db.insert(linkAccesses).values(access);
  }

  /** A link's opens, Views and Downloads, newest first (the latest 500). */
  accesses(linkId: string): Promise<LinkAccessRow[]> {
    return this.db.select().from(linkAccesses).where(eq(linkAccesses.linkId, linkId)).orderBy(desc(linkAccesses.accessedAt), desc(linkAccesses.id)).limit(500);
  }

  /** Wrong passwords given for the link in the last `minutes`. */
  async recentFailures(linkId: string, minutes: number): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(linkPasswordFailures)
      .where(and(eq(linkPasswordFailures.linkId, linkId), gt(linkPasswordFailures.failedAt, sql`now() - make_interval(mins => ${minutes})`)));
    return row?.n ?? 0;
  }

  /** Writes down a guess before it is checked; answers its id, to forget it if it was right. */
  async addGuess(linkId: string): Promise<string> {
    const [row] = await this.db.insert(linkPasswordFailures).values({ linkId }).returning({ id: linkPasswordFailures.id });
    return row.id;
  }

  async forgetGuess(id: string): Promise<void> {
    await this.db.delete(linkPasswordFailures).where(eq(linkPasswordFailures.id, id));
  }

  /** Keeps a ticket for a counted View or Download (by its hash), good for `seconds`, and forgets the ones that expired unused. */
  async addTicket(ticket: Omit<typeof linkTickets.$inferInsert, 'expiresAt'>, seconds: number): Promise<{ expiresAt: Date }> {
    await this.db.delete(linkTickets).where(lt(linkTickets.expiresAt, sql`now()`));
    const [row] = await this.db
      .insert(linkTickets)
      .values({ ...ticket, expiresAt: sql`now() + make_interval(secs => ${seconds})` })
      .returning({ expiresAt: linkTickets.expiresAt });
    return row;
  }

  /** Spends a ticket, unexpired: undefined when it was unknown, spent or expired. */
  async spendTicket(ticketHash: string): Promise<typeof linkTickets.$inferSelect | undefined> {
    const [row] = await this.db
      .delete(linkTickets)
      .where(and(eq(linkTickets.ticketHash, ticketHash), sql`${linkTickets.expiresAt} > now()`))
      .returning();
    return row;
  }

  async setFileTrashed(fileId: string, trashed: boolean): Promise<void> {
    await this.db.update(links).set({ fileTrashed: trashed }).where(eq(links.fileId, fileId));
  }

  async setFileName(fileId: string, name: string): Promise<void> {
    await this.db.update(links).set({ fileName: name }).where(eq(links.fileId, fileId));
  }

  /** Cuts every link of the account open longer than `days` from now (or for good) to `days` from now; answers how many. */
  async capExpiry(accountId: string, days: number): Promise<number> {
    const cap = sql`now() + make_interval(days => ${days})`;
    const rows = await this.db
      .update(links)
      .set({ expiresAt: cap })
      .where(and(eq(links.accountId, accountId), or(isNull(links.expiresAt), gt(links.expiresAt, cap))))
      .returning({ id: links.id });
    return rows.length;
  }

  /** The account's links without a password (of files not in the trash). */
  withoutPassword(accountId: string): Promise<Pick<LinkRow, 'id' | 'createdByUserId' | 'fileName'>[]> {
    return this.db
      .select({ id: links.id, createdByUserId: links.createdByUserId, fileName: links.fileName })
      .from(links)
      .where(and(eq(links.accountId, accountId), isNull(links.passwordHash), eq(links.fileTrashed, false)))
      .orderBy(links.createdAt);
  }

  async removeFile(fileId: string): Promise<void> {
    await this.db.delete(links).where(eq(links.fileId, fileId));
  }
}
