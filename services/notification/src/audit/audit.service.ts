import { Inject, Injectable } from '@nestjs/common';
import {
  AUDIT_LOGS_LIMIT,
  PLAN_REFUSALS,
  ROLE_REFUSALS,
  roleMay,
  type AuditEntry,
  type BillingEvents,
  type BillingEvent,
  type CallerIdentity,
  type DomainEvent,
  type ListAuditLogsReply,
  type ReceivedPayload,
  type AuditSubject,
} from '@coffer/contracts';
import { forbidden, invalid } from '@coffer/server-core';
import type { AuditFact } from './audit-entries.js';
import { displayName, PeopleRepository } from '../people/people.repository.js';
import { AuditRepository, type AuditRow } from './audit.repository.js';

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  action: row.action,
  resourceType: row.resourceType,
  resourceId: row.resourceId,
  details: row.details,
  actorId: row.actorId,
  actorName: row.actorName,
  ipAddress: row.ipAddress,
  userAgent: row.userAgent,
  createdAt: row.createdAt.toISOString(),
});

const cursorOf = (row: AuditRow) => `${row.createdAt.toISOString()}~${row.id}`;
function parseCursor(cursor: string) {
  const at = cursor.indexOf('~');
  const createdAt = new Date(cursor.slice(0, at));
  if (Number.isNaN(createdAt.getTime())) throw invalid('Invalid page cursor');
  return { createdAt, id: cursor.slice(at + 1) };
}

/**
 * The account's audit log: one entry per event of the account, with who did
 * it and from where, kept only while the plan has audit logs; read by the
 * owner, admins and moderators, never across accounts.
 */
@Injectable()
export class AuditService {
  constructor(
    @Inject(AuditRepository) private readonly audit: AuditRepository,
    @Inject(PeopleRepository) private readonly people: PeopleRepository,
  ) {}

  async record(event: DomainEvent<unknown>, fact: AuditFact) {
    const accountId = fact.accountId ?? event.accountId;
    if (!accountId || !(await this.audit.keepsAuditLog(accountId))) return;
    await this.audit.add({
      id: event.id,
      accountId,
      action: fact.action,
      resourceType: fact.resourceType,
      resourceId: fact.resourceId,
      details: fact.details,
      actorId: event.actorId || null,
      actorName: await this.actorName(event.actorId),
      ipAddress: event.clientIp ?? null,
      userAgent: event.userAgent ?? null,
      createdAt: new Date(event.occurredAt),
    });
  }

  private async actorName(actorId: string) {
    const actor = actorId ? await this.people.find(actorId) : undefined;
    return actor ? displayName(actor) : null;
  }

  planChanged(event: DomainEvent<BillingEvents[typeof BillingEvent.SubscriptionChanged]>) {
    return this.audit.savePlan(event.accountId, event.payload.plan.features.hasAuditLogs, new Date(event.occurredAt));
  }

  async list(caller: CallerIdentity, query: ReceivedPayload<typeof AuditSubject.ListAuditLogs>): Promise<ListAuditLogsReply> {
    if (!roleMay(caller.role, 'viewAuditLog')) throw forbidden(ROLE_REFUSALS.viewAuditLog);
    if (!(await this.audit.keepsAuditLog(caller.accountId))) throw forbidden(PLAN_REFUSALS.hasAuditLogs);
    const limit = query.limit ?? AUDIT_LOGS_LIMIT;
    const rows = await this.audit.page(caller.accountId, {
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      after: query.after ? parseCursor(query.after) : undefined,
      limit,
    });
    return { items: rows.map(toEntry), next: rows.length === limit ? cursorOf(rows[rows.length - 1]) : null };
  }
}
