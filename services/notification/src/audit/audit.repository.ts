import { Injectable } from '@nestjs/common';
import { and, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { accountPlans, auditLogs } from '../db/schema.js';

export type AuditRow = typeof auditLogs.$inferSelect;

/** Where a page of the audit log starts and ends. */
export interface AuditPage {
  from?: Date;
  to?: Date;
  /** The last entry of the previous page. */
  after?: { createdAt: Date; id: string };
  limit: number;
}

/** The only place that reads and writes the audit log and which accounts' plans keep one. */
@Injectable()
export class AuditRepository extends Repository {
  async add(row: AuditRow): Promise<void> {
    await this.db.insert(auditLogs).values(row).onConflictDoNothing();
  }

  /** An account's entries, newest first: one page of them. */
  page(accountId: string, page: AuditPage): Promise<AuditRow[]> {
    const { from, to, after, limit } = page;
    return this.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.accountId, accountId),
          from && gte(auditLogs.createdAt, from),
          to && lt(auditLogs.createdAt, to),
          after && or(lt(auditLogs.createdAt, after.createdAt), and(eq(auditLogs.createdAt, after.createdAt), lt(auditLogs.id, after.id))),
        ),
      )
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(limit);
  }

  /** Keeps whether the account's plan has audit logs (an older event never overwrites a newer one). */
  async savePlan(accountId: string, hasAuditLogs: boolean, changedAt: Date) {
    await this.db
      .insert(accountPlans)
      .values({ accountId, hasAuditLogs, updatedAt: changedAt })
      .onConflictDoUpdate({
        target: accountPlans.accountId,
        set: { hasAuditLogs, updatedAt: changedAt },
        setWhere: sql`${accountPlans.updatedAt} <= ${changedAt.toISOString()}`,
      });
  }

  async keepsAuditLog(accountId: string): Promise<boolean> {
    const [row] = await this.db.select({ has: accountPlans.hasAuditLogs }).from(accountPlans).where(eq(accountPlans.accountId, accountId));
    return row?.has ?? false;
  }
}
