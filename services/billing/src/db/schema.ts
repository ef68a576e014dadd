import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
// outbox and processed_events are @coffer/server-core's (its own migrations): not listed here, so drizzle-kit leaves them alone.

/** Requests sent from the Contact Sales page. */
export const contactRequests = pgTable('contact_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  company: text('company').notNull(),
  phone: text('phone'),
  message: text('message').notNull(),
  /** Where it was sent from: a network may send only so many an hour. */
  clientIp: text('client_ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One per account: its plan (none until chosen), status and trial end. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    accountId: uuid('account_id').primaryKey(),
    /** The account's owner (from auth's events): whose deletion ends the account, and who hears of its trial. */
    ownerId: text('owner_id'),
    planType: text('plan_type', { enum: ['trial', 'starter', 'business', 'pro', 'enterprise'] }),
    status: text('status', { enum: ['none', 'trial', 'active'] })
      .notNull()
      .default('none'),
    trialEndDate: timestamp('trial_end_date', { withTimezone: true }),
    /** Set once, when the account's one trial starts: a second trial after it ended is refused. */
    trialStartedAt: timestamp('trial_started_at', { withTimezone: true }),
    /** When the owner was told the trial ends soon (once per trial). */
    trialEndingNoticeAt: timestamp('trial_ending_notice_at', { withTimezone: true }),
    /** An active subscription: the end of the period paid for; it renews then, or ends if cancelled. */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** The owner cancelled: the plan stays until currentPeriodEnd, then no plan is selected. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** With Stripe: the customer and subscription its webhooks name (never card data). */
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The expiry job looks for trials past their end date.
  (t) => [index('subscriptions_trial_end_idx').on(t.status, t.trialEndDate), index('subscriptions_provider_subscription_idx').on(t.providerSubscriptionId)],
);

/** The payment provider's webhook events already applied: each event id once, however often it is delivered. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who has used a free trial, ever (one trial per person, whatever the account): one row per key of the
 * person who started it, `user:<id>` and `email:<sha-256 of the normalised address>`. Erasing the person
 * drops the `user:` row and keeps only the hashed address, so deleting and registering the same address
 * again does not give a second trial.
 */
export const usedTrials = pgTable('used_trials', {
  personKey: text('person_key').primaryKey(),
  /** The account whose trial it was. */
  accountId: uuid('account_id').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});
