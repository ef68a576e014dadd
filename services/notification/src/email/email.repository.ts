import { Injectable } from '@nestjs/common';
import { and, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { outboundEmails } from '../db/schema.js';

export type QueuedEmail = Pick<typeof outboundEmails.$inferSelect, 'id' | 'recipient' | 'subject' | 'html' | 'text' | 'attempts'>;

/** The only place that reads and writes the email outbox. */
@Injectable()
export class EmailRepository extends Repository {
  /** Keeps an email to send, in the transaction of the event that asks for it; the same id again is ignored. */
  async enqueue(row: { id: string; recipient: string; template: string; subject: string; html: string; text: string }) {
    await this.db
      .insert(outboundEmails)
      .values({ ...row, status: 'pending' })
      .onConflictDoNothing();
  }

  /**
   * Claims up to `limit` emails due to be sent, oldest first, for `leaseSeconds`: pending ones, and ones
   * whose claim ran out (their sender crashed, or a refusal's wait is over). Two senders never claim the same one.
   */
  async claim(limit: number, leaseSeconds: number): Promise<QueuedEmail[]> {
    const { status, leaseUntil } = outboundEmails;
    const due = this.db
      .select({ id: outboundEmails.id })
      .from(outboundEmails)
      .where(and(ne(status, 'sent'), or(eq(status, 'pending'), lt(leaseUntil, sql`now()`))))
      .orderBy(outboundEmails.createdAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(outboundEmails)
      .set({ status: 'sending', leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, attempts: sql`${outboundEmails.attempts} + 1` })
      .where(inArray(outboundEmails.id, due))
      .returning({
        id: outboundEmails.id,
        recipient: outboundEmails.recipient,
        subject: outboundEmails.subject,
        html: outboundEmails.html,
        text: outboundEmails.text,
        attempts: outboundEmails.attempts,
      });
  }

  /** Sent: the body is not kept. */
  async markSent(id: string) {
    await this.db
      .update(outboundEmails)
      .set({ status: 'sent', sentAt: new Date(), html: null, text: null, leaseUntil: null })
      .where(and(eq(outboundEmails.id, id), eq(outboundEmails.status, 'sending')));
  }

  /** Refused by the mail server: tried again after `seconds`. */
  async retryAfter(id: string, seconds: number) {
    await this.db
      .update(outboundEmails)
      .set({ leaseUntil: sql`now() + make_interval(secs => ${seconds})` })
      .where(eq(outboundEmails.id, id));
  }
}
