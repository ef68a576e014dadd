import { Injectable } from '@nestjs/common';
import { eq, or, sql } from 'drizzle-orm';
import { countPersonalData, erasePersonalData, Repository, type PersonalDataTable } from '@coffer/server-core';
import { accountPlans, activity, auditLogs, notifications, outboundEmails, people, userPreferences } from '../db/schema.js';

export interface ErasedPerson {
  userId: string;
  email: string;
}

/** The address as it appears in an audit entry's details (JSON text). */
const quoted = (email: string) => JSON.stringify(email.toLowerCase());
const mentions = (email: string) => sql`position(${quoted(email)} in ${auditLogs.details}::text) > 0`;

/** Every notification table that holds something of a person, and how a row is known to be theirs. */
function personTables(p: ErasedPerson): PersonalDataTable[] {
  return [
    ['activity', activity, eq(activity.userId, p.userId)],
    ['notifications', notifications, eq(notifications.userId, p.userId)],
    ['user_preferences', userPreferences, eq(userPreferences.userId, p.userId)],
    ['outbound_emails', outboundEmails, eq(sql`lower(${outboundEmails.recipient})`, p.email.toLowerCase())],
    ['people', people, eq(people.userId, p.userId)],
  ];
}

/** Deleting a person from the notification service, and proving it. */
@Injectable()
export class PersonalDataRepository extends Repository {
  /**
   * Deletes the person's rows. An account that went with them loses its audit
   * log; in any other account's log their entries stay as what happened, no
   * longer saying who did it, from where, or naming their address.
   */
  async erase(person: ErasedPerson, deletedAccountId?: string) {
    await erasePersonalData(this.db, personTables(person));
    if (deletedAccountId) {
      await this.db.delete(auditLogs).where(eq(auditLogs.accountId, deletedAccountId));
      await this.db.delete(accountPlans).where(eq(accountPlans.accountId, deletedAccountId));
    }
    await this.db.update(auditLogs).set({ actorId: null, actorName: null, ipAddress: null, userAgent: null }).where(eq(auditLogs.actorId, person.userId));
    await this.db
      .update(auditLogs)
      .set({ details: sql`replace(${auditLogs.details}::text, ${quoted(person.email)}, '"a deleted user"')::jsonb` })
      .where(mentions(person.email));
  }

  async inventory(person: ErasedPerson) {
    const counts = await countPersonalData(this.db, personTables(person));
    const [audit] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLogs)
      .where(or(eq(auditLogs.actorId, person.userId), mentions(person.email)));
    return { ...counts, audit_logs: audit?.n ?? 0 };
  }
}
