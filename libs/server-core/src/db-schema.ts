import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

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

/**
 * Events written in the same transaction as the change they announce, then
 * relayed to JetStream: a change is never committed without its event.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    subject: text('subject').notNull(),
    event: jsonb('event').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [index('outbox_pending_idx').on(t.publishedAt, t.createdAt)],
);

/**
 * Which database this is: one row, made when the database is created, its id
 * also recorded beside NATS. A service whose database has no id (or another
 * one) while NATS remembers one was given an empty or foreign database: it
 * refuses to start (see installation.ts).
 */
export const installation = pgTable(
  'installation',
  {
    /** Always true: the table holds one row at most. */
    singleton: boolean('singleton').primaryKey().default(true),
    id: text('id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('installation_one_row', sql`${t.singleton}`)],
);
