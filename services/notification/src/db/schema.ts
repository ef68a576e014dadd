import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
// outbox and processed_events are @coffer/server-core's (its own migrations): not listed here, so drizzle-kit leaves them alone.

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

/** What the Activity Log panel lists: one row per upload, share or delete, from the events that announced them. */
export const activity = pgTable(
  'activity',
  {
    /** The event's id: a redelivered event adds nothing. */
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    kind: text('kind', { enum: ['upload', 'share', 'delete', 'download', 'folder'] }).notNull(),
    fileName: text('file_name').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('activity_user_time_idx').on(t.userId, t.occurredAt)],
);
