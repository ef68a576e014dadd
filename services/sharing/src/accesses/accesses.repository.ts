import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { newestFirst, type Page, type PageRequest } from '../db/newest-first.js';
import { shareAccess, type ShareAccessRow } from '../db/schema.js';

/** The only place that reads and writes the share access history. */
@Injectable()
export class AccessesRepository extends Repository {
  /** Records one open or download, in the transaction that counted it. */
  async add(access: Pick<ShareAccessRow, 'shareId' | 'clientIp' | 'disposition'>): Promise<ShareAccessRow> {
    const [row] = await this.db.insert(shareAccess).values(access).returning();
    return row;
  }

  /** A page of a share's opens and downloads, newest first (ties by id), and how many it has had. */
  page(shareId: string, page: PageRequest): Promise<Page<ShareAccessRow>> {
    return newestFirst(this.db, shareAccess, { time: shareAccess.accessedAt, id: shareAccess.id }, eq(shareAccess.shareId, shareId), page);
  }
}
