import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Events a service's consumer has already handled: the idempotency record in every service's database. */
export const processedEvents = pgTable(
  'processed_events',
  {
    consumer: text('consumer').notNull(),
    eventId: text('event_id').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.consumer, t.eventId] })],
);
