import { Injectable } from '@nestjs/common';
import { and, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { activity } from '../db/schema.js';

export type ActivityRow = typeof activity.$inferSelect;

/** Who reads a log: the person, their account, and whether they see every team folder's lines (owners, admins). */
export interface ActivityViewer {
  userId: string;
  accountId: string;
  seesEveryTeamFolder: boolean;
}

/** The only place that reads and writes the activity log. */
@Injectable()
export class ActivityRepository extends Repository {
  /** One line of a log; its id is the event's, so a redelivered event adds nothing. */
  async add(row: typeof activity.$inferInsert): Promise<void> {
    await this.db.insert(activity).values(row).onConflictDoNothing();
  }

  /**
   * The viewer's latest lines, newest first: their own, and those of the account's team folders whose access list
   * let them in when it happened. Two index walks of at most `limit` rows each, merged.
   */
  async latest(viewer: ActivityViewer, limit: number): Promise<ActivityRow[]> {
    const listed = or(eq(activity.audienceEveryone, true), sql`${viewer.userId} = any(${activity.audienceUserIds})`);
    const [own, team] = await Promise.all([
      this.db.select().from(activity).where(eq(activity.userId, viewer.userId)).orderBy(desc(activity.occurredAt)).limit(limit),
      this.db
        .select()
        .from(activity)
        .where(and(eq(activity.accountId, viewer.accountId), isNotNull(activity.teamFolderId), viewer.seesEveryTeamFolder ? undefined : listed))
        .orderBy(desc(activity.occurredAt))
        .limit(limit),
    ]);
    const byId = new Map([...own, ...team].map((row) => [row.id, row]));
    return [...byId.values()].sort((a, b) => b.occurredAt.getTime() - a.occurredAt.getTime()).slice(0, limit);
  }
}
