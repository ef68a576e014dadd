import { Injectable } from '@nestjs/common';
import { and, count, desc, eq } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { notifications } from '../db/schema.js';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = Omit<typeof notifications.$inferInsert, 'id' | 'read' | 'createdAt'>;

/** The only place that reads and writes notifications. */
@Injectable()
export class NotificationsRepository extends Repository {
  /** Adds one notification; undefined when its source (event and user) already made one. */
  async add(row: NewNotification): Promise<NotificationRow | undefined> {
    const [added] = await this.db.insert(notifications).values(row).onConflictDoNothing({ target: notifications.sourceKey }).returning();
    return added;
  }

  /** The user's latest notifications, newest first. */
  latest(userId: string, limit: number): Promise<NotificationRow[]> {
    return this.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit);
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
    return Number(row?.n ?? 0);
  }

  /** Marks one of the user's notifications read; false when the user has no such notification. */
  async markRead(userId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    return rows.length > 0;
  }

  /** Marks every unread notification of the user read; how many there were. */
  async markAllRead(userId: string): Promise<number> {
    const rows = await this.db
      .update(notifications)
      .set({ read: true })
      .where(and(eq(notifications.userId, userId), eq(notifications.read, false)))
      .returning({ id: notifications.id });
    return rows.length;
  }
}
