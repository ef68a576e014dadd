import { Injectable } from '@nestjs/common';
import { and, asc, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { confirmedUploads, uploads } from '../db/schema.js';

export type UploadRow = typeof uploads.$inferSelect;

/** The only place that reads and writes upload slots (presigned PUTs handed out and not yet confirmed). */
@Injectable()
export class UploadsRepository extends Repository {
  /** Serialises the quota decisions of one account across replicas, for the rest of the unit of work. */
  async lockAccount(accountId: string) {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`coffer-quota-${accountId}`}))`);
  }

  /** Bytes reserved by the account's open upload slots: they count against its quota until confirmed or expired. */
  async reservedBytes(accountId: string): Promise<number> {
    const [reserved] = await this.db
      .select({ bytes: sql<number>`coalesce(sum(${uploads.declaredSize}), 0)`.mapWith(Number) })
      .from(uploads)
      .where(and(eq(uploads.accountId, accountId), sql`${uploads.expiresAt} > now()`));
    return reserved.bytes;
  }

  async insert(row: typeof uploads.$inferInsert): Promise<UploadRow> {
    const [inserted] = await this.db.insert(uploads).values(row).returning();
    return inserted;
  }

  async find(userId: string, id: string): Promise<UploadRow | undefined> {
    const [row] = await this.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.id, id), eq(uploads.userId, userId)));
    return row;
  }

  /** The user's multipart uploads still open, oldest first (a user has a handful at most). */
  openMultipart(userId: string): Promise<UploadRow[]> {
    return this.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.userId, userId), isNotNull(uploads.multipartId), gt(uploads.expiresAt, new Date())))
      .orderBy(asc(uploads.createdAt))
      .limit(1000);
  }

  /** Removes the user's slot and returns it; nothing when it is gone (confirmed, purged, or someone else's). */
  async take(userId: string, id: string): Promise<UploadRow | undefined> {
    const [row] = await this.db
      .delete(uploads)
      .where(and(eq(uploads.id, id), eq(uploads.userId, userId)))
      .returning();
    return row;
  }

  /** Remembers which file the user's slot became, for their repeated confirmations until `expiresAt`. */
  async recordConfirmation(confirmation: typeof confirmedUploads.$inferInsert): Promise<void> {
    await this.db.insert(confirmedUploads).values(confirmation);
  }

  /** The file the user's slot became, when they confirmed it lately. */
  async confirmedFileId(userId: string, uploadId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ fileId: confirmedUploads.fileId })
      .from(confirmedUploads)
      .where(and(eq(confirmedUploads.uploadId, uploadId), eq(confirmedUploads.userId, userId), gt(confirmedUploads.expiresAt, new Date())));
    return row?.fileId;
  }

  /** Forgets the confirmations no longer answered again. */
  async removeExpiredConfirmations(now = new Date()): Promise<void> {
    await this.db.delete(confirmedUploads).where(lt(confirmedUploads.expiresAt, now));
  }

  /** Removes and returns the slots that expired: abandoned uploads whose objects the purge deletes. */
  removeExpired(now = new Date()): Promise<UploadRow[]> {
    return this.db.delete(uploads).where(lt(uploads.expiresAt, now)).returning();
  }

  /** A person's open upload slots count against the account they are in now. */
  async moveOwner(userId: string, accountId: string): Promise<void> {
    await this.db.update(uploads).set({ accountId }).where(eq(uploads.userId, userId));
  }
}
