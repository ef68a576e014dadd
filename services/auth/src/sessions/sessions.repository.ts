import { Injectable } from '@nestjs/common';
import { and, desc, eq, gt, isNotNull, isNull, ne } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { sessions } from '../db/schema.js';

export type SessionRow = typeof sessions.$inferSelect;

/** The only place that reads and writes sessions. */
@Injectable()
export class SessionsRepository extends Repository {
  find(id: string): Promise<SessionRow | undefined> {
    return this.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, id))
      .then((r) => r[0]);
  }

  async insert(row: typeof sessions.$inferInsert) {
    await this.db.insert(sessions).values(row);
  }

  async update(id: string, set: Partial<typeof sessions.$inferInsert>) {
    await this.db.update(sessions).set(set).where(eq(sessions.id, id));
  }

  /** The user's signed-in browsers: the newest token of each family still in force (not the two-factor step), last used first. */
  liveOf(userId: string): Promise<SessionRow[]> {
    return this.db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          isNull(sessions.rotatedAt),
          isNotNull(sessions.tokenHash),
          gt(sessions.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
  }

  /** The user agents of the user's other signed-in sessions, ended ones too (the browsers their account has seen; not a two-factor step left unfinished). */
  async userAgentsOf(userId: string, exceptFamilyId: string): Promise<Array<string | null>> {
    const rows = await this.db
      .selectDistinct({ userAgent: sessions.userAgent })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.familyId, exceptFamilyId), isNotNull(sessions.tokenHash)));
    return rows.map((r) => r.userAgent);
  }

  /** Marks the session rotated only if nobody rotated it first; false when it lost that race. */
  async markRotated(id: string): Promise<boolean> {
    const rows = await this.db
      .update(sessions)
      .set({ rotatedAt: new Date() })
      .where(and(eq(sessions.id, id), isNull(sessions.rotatedAt), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.length === 1;
  }

  /** Revokes every live session of a family (or of a user); returns the ids it ended. */
  async revokeWhere(by: { familyId?: string; userId?: string; exceptFamilyId?: string }): Promise<string[]> {
    const owner = by.familyId ? eq(sessions.familyId, by.familyId) : eq(sessions.userId, by.userId!);
    const condition = by.exceptFamilyId ? and(owner, ne(sessions.familyId, by.exceptFamilyId)) : owner;
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(condition, isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  }
}
