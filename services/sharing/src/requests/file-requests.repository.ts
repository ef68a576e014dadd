import { Injectable } from '@nestjs/common';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { fileRequests, fileRequestUploads, fileRequestUploadStarts, type FileRequestRow } from '../db/schema.js';

/** Upload starts in the window: how many, and when the oldest one leaves it. */
export interface RecentStarts {
  count: number;
  oldest: Date | null;
}

export type NewFileRequest = Omit<typeof fileRequests.$inferInsert, 'id' | 'uploadCount' | 'createdAt'>;

/** The only place that reads and writes file requests and the uploads sent through them. */
@Injectable()
export class FileRequestsRepository extends Repository {
  async add(request: NewFileRequest): Promise<FileRequestRow> {
    const [row] = await this.db.insert(fileRequests).values(request).returning();
    return row;
  }

  async find(id: string): Promise<FileRequestRow | undefined> {
    const [row] = await this.db.select().from(fileRequests).where(eq(fileRequests.id, id));
    return row;
  }

  async findByToken(tokenHash: string): Promise<FileRequestRow | undefined> {
    const [row] = await this.db.select().from(fileRequests).where(eq(fileRequests.tokenHash, tokenHash));
    return row;
  }

  /** The user's file requests, newest first. */
  madeBy(userId: string): Promise<FileRequestRow[]> {
    return this.db.select().from(fileRequests).where(eq(fileRequests.createdByUserId, userId)).orderBy(desc(fileRequests.createdAt), desc(fileRequests.id));
  }

  /** The account's requests not expired, newest first, from after `after` (a row's creation time to the millisecond, and id). */
  activeInAccount(accountId: string, after: { createdAt: Date; id: string } | undefined, limit: number): Promise<FileRequestRow[]> {
    const created = sql`date_trunc('milliseconds', ${fileRequests.createdAt})`;
    return this.db
      .select()
      .from(fileRequests)
      .where(
        and(
          eq(fileRequests.accountId, accountId),
          or(isNull(fileRequests.expiresAt), gt(fileRequests.expiresAt, new Date())),
          after ? sql`(${created}, ${fileRequests.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
        ),
      )
      .orderBy(desc(created), desc(fileRequests.id))
      .limit(limit);
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(fileRequests).where(eq(fileRequests.id, id));
  }

  async addUpload(upload: Omit<typeof fileRequestUploads.$inferInsert, 'fileId' | 'createdAt'>): Promise<void> {
    await this.db.insert(fileRequestUploads).values(upload);
  }

  /** A slot handed out through the request and not yet a file. */
  async pendingUpload(requestId: string, uploadId: string): Promise<typeof fileRequestUploads.$inferSelect | undefined> {
    const [row] = await this.db
      .select()
      .from(fileRequestUploads)
      .where(and(eq(fileRequestUploads.requestId, requestId), eq(fileRequestUploads.uploadId, uploadId), isNull(fileRequestUploads.fileId)));
    return row;
  }

  /** The request's uploads that never became a file (to drop when it is revoked). */
  async unfinishedUploads(requestId: string): Promise<string[]> {
    const rows = await this.db
      .select({ uploadId: fileRequestUploads.uploadId })
      .from(fileRequestUploads)
      .where(and(eq(fileRequestUploads.requestId, requestId), isNull(fileRequestUploads.fileId)));
    return rows.map((r) => r.uploadId);
  }

  /** Forgets a slot handed out through the request and not yet a file; answers whether there was one. */
  async dropPendingUpload(requestId: string, uploadId: string): Promise<boolean> {
    const rows = await this.db
      .delete(fileRequestUploads)
      .where(and(eq(fileRequestUploads.requestId, requestId), eq(fileRequestUploads.uploadId, uploadId), isNull(fileRequestUploads.fileId)))
      .returning({ id: fileRequestUploads.uploadId });
    return rows.length > 0;
  }

  /**
   * Writes down an upload starting through the request from an address (starts older than `windowStart`
   * are dropped first), before it is checked: starts at once cannot slip past the count. Answers its id.
   */
  async addUploadStart(requestId: string, clientIp: string, windowStart: Date): Promise<string> {
    await this.db.delete(fileRequestUploadStarts).where(lt(fileRequestUploadStarts.startedAt, windowStart));
    const [row] = await this.db
      .insert(fileRequestUploadStarts)
      .values({ requestId, clientIp, startedAt: new Date() })
      .returning({ id: fileRequestUploadStarts.id });
    return row.id;
  }

  /** The starts since `windowStart` through the request, and from the address through any request. */
  async recentUploadStarts(requestId: string, clientIp: string, windowStart: Date): Promise<{ ofRequest: RecentStarts; fromAddress: RecentStarts }> {
    const count = (where: ReturnType<typeof and>) =>
      this.db
        .select({ count: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${fileRequestUploadStarts.startedAt})` })
        .from(fileRequestUploadStarts)
        .where(where);
    const [[ofRequest], [fromAddress]] = await Promise.all([
      count(and(eq(fileRequestUploadStarts.requestId, requestId), gt(fileRequestUploadStarts.startedAt, windowStart))),
      count(and(eq(fileRequestUploadStarts.clientIp, clientIp), gt(fileRequestUploadStarts.startedAt, windowStart))),
    ]);
    const read = (r: { count: number; oldest: Date | string | null }): RecentStarts => ({
      count: r.count,
      oldest: r.oldest === null ? null : new Date(r.oldest),
    });
    return { ofRequest: read(ofRequest), fromAddress: read(fromAddress) };
  }

  /** A start the rate limit refused: it does not count. */
  async forgetUploadStart(id: string): Promise<void> {
    await this.db.delete(fileRequestUploadStarts).where(eq(fileRequestUploadStarts.id, id));
  }

  /** The slot became a file: kept once, and the request counts it. Answers false when it was counted already. */
  async received(requestId: string, uploadId: string, fileId: string): Promise<boolean> {
    const rows = await this.db
      .update(fileRequestUploads)
      .set({ fileId })
      .where(and(eq(fileRequestUploads.uploadId, uploadId), isNull(fileRequestUploads.fileId)))
      .returning({ id: fileRequestUploads.uploadId });
    if (rows.length === 0) return false;
    await this.db
      .update(fileRequests)
      .set({ uploadCount: sql`${fileRequests.uploadCount} + 1` })
      .where(eq(fileRequests.id, requestId));
    return true;
  }
}
