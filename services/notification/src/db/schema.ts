import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
export { outbox, processedEvents } from '@coffer/server-core/db-schema';

/** Every email Coffer sent: which event asked for it, to whom, and when. */
export const outboundEmails = pgTable('outbound_emails', {
  /** `<event id>:<template>`: an event sends each of its emails once. */
  id: text('id').primaryKey(),
  recipient: text('recipient').notNull(),
  template: text('template').notNull(),
  subject: text('subject').notNull(),
  attempts: integer('attempts').notNull().default(1),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});
