import { Injectable } from '@nestjs/common';
import { and, eq, isNull, ne } from 'drizzle-orm';
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
