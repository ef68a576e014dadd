import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  AUDIT_ACTIONS,
  AUDIT_RESOURCE_TYPES,
  NOTIFICATION_TYPES,
  type EmailPreferences,
  type GeneralSettings,
  type NotificationMetadata,
} from '@coffer/contracts';
// outbox and processed_events are @coffer/server-core's (its own migrations): not listed here, so drizzle-kit leaves them alone.

/** Every email Coffer sends: which event asked for it, to whom, and whether it went (an outbox: sent after the event's transaction). */
export const outboundEmails = pgTable(
  'outbound_emails',
  {
    /** `<event id>:<template>`: an event sends each of its emails once. */
    id: text('id').primaryKey(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    /** The rendered body, kept until it is sent (then cleared). */
    html: text('html'),
    text: text('text'),
    /**
     * pending: recorded with the event that asked for it, not sent yet; sending: claimed by a sender until
     * lease_until (after a crash, sent again once that passes; after a refusal, tried again then); sent.
     */
    status: text('status', { enum: ['pending', 'sending', 'sent'] })
      .notNull()
      .default('sent'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbound_emails_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.status} <> 'sent'`),
  ],
);

/** What the Activity Log panel lists: one row per upload, share or delete, from the events that announced them. */
export const activity = pgTable(
  'activity',
  {
    /** The event's id: a redelivered event adds nothing. */
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    kind: text('kind', { enum: ['upload', 'share', 'delete', 'download', 'folder', 'replace', 'restore-version'] }).notNull(),
    fileName: text('file_name').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** In a team folder: the account, and who may see the line (the item's access list when it happened). */
    accountId: text('account_id'),
    teamFolderId: text('team_folder_id'),
    audienceEveryone: boolean('audience_everyone').notNull().default(false),
    audienceUserIds: text('audience_user_ids').array().notNull().default([]),
  },
  (t) => [
    index('activity_user_time_idx').on(t.userId, t.occurredAt),
    index('activity_team_time_idx')
      .on(t.accountId, t.occurredAt)
      .where(sql`${t.teamFolderId} is not null`),
  ],
);

/** In-app notifications (spec §3), made from the sharing events; the notifications page lists a user's latest 50. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `<event id>:<user id>`: a redelivered event makes no second notification. */
    sourceKey: text('source_key').notNull(),
    userId: text('user_id').notNull(),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    metadata: jsonb('metadata').$type<NotificationMetadata>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notifications_source_idx').on(t.sourceKey), index('notifications_user_time_idx').on(t.userId, t.createdAt)],
);

/** Each user's email preferences and general settings, from auth's PreferencesChanged: which emails they still want. */
export const userPreferences = pgTable('user_preferences', {
  userId: text('user_id').primaryKey(),
  email: jsonb('email').$type<EmailPreferences>().notNull(),
  general: jsonb('general').$type<GeneralSettings>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The account's audit log (spec §3 audit_logs): one entry per event, written only while the account's plan has audit logs. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    /** The event's id: a redelivered event adds nothing. */
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    resourceType: text('resource_type', { enum: AUDIT_RESOURCE_TYPES }).notNull(),
    resourceId: text('resource_id'),
    details: jsonb('details').$type<Record<string, string>>().notNull(),
    /** Null once the actor deleted their account. */
    actorId: text('actor_id'),
    actorName: text('actor_name'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('audit_logs_account_time_idx').on(t.accountId, t.createdAt, t.id)],
);

/** Which accounts' plans keep an audit log, from billing's SubscriptionChanged (no row: no plan, no audit log). */
export const accountPlans = pgTable('account_plans', {
  accountId: text('account_id').primaryKey(),
  hasAuditLogs: boolean('has_audit_logs').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** Who the Coffer users are, from auth's events: the audit log names its actors. */
export const people = pgTable('people', {
  userId: text('user_id').primaryKey(),
  email: text('email').notNull(),
  fullName: text('full_name').notNull(),
});
