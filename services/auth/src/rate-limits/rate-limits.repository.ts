import { Injectable } from '@nestjs/common';
import { inArray, sql } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { rateLimits } from '../db/schema.js';

export type RateLimitRow = typeof rateLimits.$inferSelect;

/** The only place that reads and writes failure counts and locks, shared by every replica. */
@Injectable()
export class RateLimitsRepository extends Repository {
  find(keys: string[]): Promise<RateLimitRow[]> {
    return keys.length ? this.db.select().from(rateLimits).where(inArray(rateLimits.key, keys)) : Promise.resolve([]);
  }

  /**
   * Counts one failure against `key` and locks it for `lockSeconds` once it
   * reaches `threshold`. Failures older than the window, or from before a
   * lock that has run out, are forgotten first.
   */
  async countFailure(key: string, threshold: number, windowSeconds: number, lockSeconds: number): Promise<void> {
    const stale = sql`${rateLimits.windowStartedAt} < now() - make_interval(secs => ${windowSeconds}) or ${rateLimits.lockedUntil} < now()`;
    await this.db
      .insert(rateLimits)
      .values({ key, failures: 1, windowStartedAt: new Date() })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          failures: sql`case when ${stale} then 1 else ${rateLimits.failures} + 1 end`,
          windowStartedAt: sql`case when ${stale} then now() else ${rateLimits.windowStartedAt} end`,
          lockedUntil: sql`case when ${rateLimits.lockedUntil} < now() then null else ${rateLimits.lockedUntil} end`,
        },
      });
    await this.db
      .update(rateLimits)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${lockSeconds})` })
      .where(sql`${rateLimits.key} = ${key} and ${rateLimits.failures} >= ${threshold} and ${rateLimits.lockedUntil} is null`);
  }

  async forget(key: string): Promise<void> {
    await this.db.delete(rateLimits).where(inArray(rateLimits.key, [key]));
  }
}
