import { Injectable } from '@nestjs/common';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { fileVersions, type FileVersionRow } from '../db/schema.js';

/** The only place that reads and writes files' earlier versions. */
@Injectable()
export class VersionsRepository extends Repository {
  /** The file's earlier versions, newest first (a file keeps a handful: each is a replace within the plan's retention). */
  ofFile(fileId: string): Promise<FileVersionRow[]> {
    return this.db.select().from(fileVersions).where(eq(fileVersions.fileId, fileId)).orderBy(desc(fileVersions.createdAt), desc(fileVersions.id));
  }

  /** One version of the file, held until the transaction ends (a restore of it at once waits). */
  async findForUpdate(fileId: string, id: string): Promise<FileVersionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(fileVersions)
      .where(and(eq(fileVersions.id, id), eq(fileVersions.fileId, fileId)))
      .for('update');
    return row;
  }

  async find(fileId: string, id: string): Promise<FileVersionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(fileVersions)
      .where(and(eq(fileVersions.id, id), eq(fileVersions.fileId, fileId)));
    return row;
  }

  async insert(row: typeof fileVersions.$inferInsert): Promise<FileVersionRow> {
    const [inserted] = await this.db.insert(fileVersions).values(row).returning();
    return inserted;
  }

  /** Puts other bytes in a version (a restore swaps the file's current bytes into it); it is a version from now. */
  async update(id: string, set: Pick<FileVersionRow, 'storagePath' | 'size' | 'mimeType' | 'addedBy' | 'addedAt'>): Promise<void> {
    await this.db
      .update(fileVersions)
      .set({ ...set, createdAt: new Date() })
      .where(eq(fileVersions.id, id));
  }

  /** Deletes the versions of files (deleted for good with them) and gives their objects' keys, to remove once committed. */
  async removeOf(fileIds: string[]): Promise<string[]> {
    if (fileIds.length === 0) return [];
    const rows = await this.db.delete(fileVersions).where(inArray(fileVersions.fileId, fileIds)).returning({ key: fileVersions.storagePath });
    return rows.map((r) => r.key);
  }

  /**
   * Up to `limit` versions that stopped being current before `before` (the shortest retention of any plan), account
   * by account: the candidates of the purge, each then kept or removed by its own account's plan.
   */
  olderThan(before: Date, limit: number, afterId?: string): Promise<FileVersionRow[]> {
    return this.db
      .select()
      .from(fileVersions)
      .where(and(lt(fileVersions.createdAt, before), afterId ? sql`${fileVersions.id} > ${afterId}::uuid` : undefined))
      .orderBy(fileVersions.id)
      .limit(limit);
  }

  /** Removes versions by id, and gives their objects' keys. */
  async remove(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.delete(fileVersions).where(inArray(fileVersions.id, ids)).returning({ key: fileVersions.storagePath });
    return rows.map((r) => r.key);
  }
}
