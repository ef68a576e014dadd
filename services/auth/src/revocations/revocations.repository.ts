import { Injectable } from '@nestjs/common';
import { and, asc, gt, lt } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { accessRevocations } from '../db/schema.js';

export type RevocationRow = typeof accessRevocations.$inferSelect;

/** The only place that reads and writes access revocations. */
@Injectable()
export class RevocationsRepository extends Repository {
  async insert(rows: Array<typeof accessRevocations.$inferInsert>) {
    if (rows.length) await this.db.insert(accessRevocations).values(rows);
  }

  /** One page of the revocations still in force at `now`, in id order after `after`. */
  page(now: Date, limit: number, after?: string): Promise<RevocationRow[]> {
    const live = gt(accessRevocations.until, now);
    return this.db
      .select()
      .from(accessRevocations)
      .where(after ? and(live, gt(accessRevocations.id, after)) : live)
      .orderBy(asc(accessRevocations.id))
      .limit(limit);
  }

  /** Forgets revocations whose tokens have all expired. */
  async prune(now: Date) {
    await this.db.delete(accessRevocations).where(lt(accessRevocations.until, now));
  }
}
