import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
export { outbox, processedEvents } from '@coffer/server-core/db-schema';

/** A business account (organisation): owns the plan, storage pool, branding and audit log. */
export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  ownerId: uuid('owner_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  fullName: text('full_name').notNull(),
  accountId: uuid('account_id').notNull(),
  role: text('role', { enum: ['owner', 'admin', 'moderator', 'member'] }).notNull().default('owner'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
