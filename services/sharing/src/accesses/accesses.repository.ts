import { Injectable } from '@nestjs/common';
import { desc, eq } from 'drizzle-orm';
import { Repository, type Database } from '@coffer/server-core';
import { shareAccess, type ShareAccessRow } from '../db/schema.js';

/** The only place that reads and writes the share access history. */
@Injectable()
export class AccessesRepository extends Repository {
  /** Records one open or download, in the transaction that counted it. */
  async add(tx: Database, access: Pick<ShareAccessRow, 'shareId' | 'clientIp' | 'disposition'>): Promise<ShareAccessRow> {
    const [row] = await tx.insert(shareAccess).values(access).returning();
    return row;
  }

  /** A share's latest opens and downloads, newest first. */
  latest(shareId: string, limit: number): Promise<ShareAccessRow[]> {
    return this.db
      .select()
      .from(shareAccess)
      .where(eq(shareAccess.shareId, shareId))
      .orderBy(desc(shareAccess.accessedAt), desc(shareAccess.id))
      .limit(limit);
  }
}
