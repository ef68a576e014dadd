import { Injectable } from '@nestjs/common';
import { desc, eq } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { activity } from '../db/schema.js';

export type ActivityRow = typeof activity.$inferSelect;

/** The only place that reads and writes the activity log. */
@Injectable()
export class ActivityRepository extends Repository {
  /** One line of a user's log; its id is the event's, so a redelivered event adds nothing. */
  async add(row: ActivityRow): Promise<void> {
    await this.db.insert(activity).values(row).onConflictDoNothing();
  }

  /** The user's latest lines, newest first. */
  latest(userId: string, limit: number): Promise<ActivityRow[]> {
    return this.db.select().from(activity).where(eq(activity.userId, userId)).orderBy(desc(activity.occurredAt)).limit(limit);
  }
}
