import { z } from 'zod';
import { message } from './messages.js';
import { isoDateTime, text } from './text.js';

/** Request/reply subjects of the billing service. */
export const BillingSubject = {
  CreateContactRequest: 'billing.contact-request.create',
  /** The account's plan and storage limit (services ask it; the caller header names the account). */
  GetPlan: 'billing.plan.get',
  /** The account's plan with its subscription and trial, for its people (Account, checkout, the dashboard's banner). */
  GetSubscription: 'billing.subscription.get',
  /** The account owner starts the 14-day trial of a plan (spec §4 "Trial"). */
  StartTrial: 'billing.trial.start',
  /**
   * Development and tests only (refused in production): moves the caller's
   * account N days into the future, as its own clock, then runs the trial
   * expiry job at once. Other accounts' trials are untouched.
   */
  AdvanceClock: 'billing.dev.clock.advance',
  /** The account owner subscribes to a plan, during or after the trial (the placeholder payment: the plan is active at once). */
  Subscribe: 'billing.subscription.subscribe',
  /** With a payment provider configured: the owner is sent to its checkout page; the plan follows its webhooks. */
  CreateCheckoutSession: 'billing.subscription.checkout-session',
  /** The owner changes an active subscription's plan (a downgrade below the storage in use is refused). */
  ChangePlan: 'billing.subscription.change',
  /** The owner cancels: the plan stays until the end of the period, then no plan is selected. */
  CancelSubscription: 'billing.subscription.cancel',
  /** The owner takes back a cancellation before the period ends. */
  ResumeSubscription: 'billing.subscription.resume',
  /** The payment provider's webhook (the raw body and its signature header), applied once per event id. */
  PaymentWebhook: 'billing.payment.webhook',
} as const;

/** Events published by the billing service. */
export const BillingEvent = {
  ContactRequestReceived: 'events.billing.contact-request.received',
  TrialStarted: 'events.billing.trial.started',
  /** The account's plan, status or trial end changed (trial started, plan switched, trial ended). */
  SubscriptionChanged: 'events.billing.subscription.changed',
  /** The account's trial ends within TRIAL_ENDING_NOTICE_DAYS: its owner is told, once. */
  TrialEnding: 'events.billing.trial.ending',
} as const;

/** Spec §4: a trial lasts this many days. */
export const TRIAL_DAYS = 14;
/** PRODUCT-DECISIONS "One trial per account and per person, ever": the person who starts a trial never starts another, in any account. */
export const PERSON_TRIAL_USED = 'You have already used a free trial';
/** The owner hears that the trial is ending this many days before its end (PRODUCT-DECISIONS: "a trial ending in 3 days"). */
export const TRIAL_ENDING_NOTICE_DAYS = 3;

/** Spec §7: a trial's end as a long US date, e.g. "December 7, 2026" (UTC, as billing keeps it). */
export const longUsDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export const startTrialSchema = z.object({
  plan: z.enum(['starter', 'business', 'pro'], { error: 'Please choose a plan' }),
});
/** Subscribing, and changing an active subscription's plan, name one of the checkout's plans. */
export const choosePlanSchema = startTrialSchema;

/** With a payment provider: where the browser goes to pay (the provider's own page). */
export const checkoutSessionSchema = z.object({ url: z.url() });
export type CheckoutSession = z.output<typeof checkoutSessionSchema>;

/** The payment provider's webhook as the gateway received it: the raw body, unparsed, and its signature header. */
export const paymentWebhookSchema = z.object({ payload: z.string().max(1_000_000), signature: z.string().max(2000) });
export const paymentWebhookReplySchema = z.object({ received: z.literal(true), applied: z.boolean() });

/** Refusals of plan changes (PRODUCT-DECISIONS "Plans and billing"). */
export const PlanCopy = {
  alreadySubscribed: (planName: string) => `Your account is already subscribed to ${planName}`,
  notSubscribed: 'Your account has no active subscription',
  alreadyCancelled: 'Your subscription is already cancelled',
  notCancelled: 'Your subscription is not cancelled',
  /** A downgrade below the storage in use: the numbers, and what to do. */
  downgradeTooSmall: (planName: string, used: string, limit: string) =>
    `Your files use ${used}, more than the ${limit} of ${planName}. Free up space before changing to this plan.`,
  useTrialSwitch: 'During the trial, choose another plan from checkout',
  enterpriseBySales: 'An Enterprise plan is changed through sales: please contact us',
  providerUnavailable: 'The payment provider could not make this change, so nothing changed. Please try again in a few minutes.',
} as const;

/** What a plan allows: the one feature table (spec §3, §6), as billing answers it for an account. */
export const planFeaturesSchema = z.object({
  storageLimit: z.number().int().min(0).describe('bytes, pooled for the account'),
  maxFileBytes: z.number().int().min(0).describe('the largest file the plan accepts, in bytes'),
  hasAuditLogs: z.boolean(),
  hasPermissions: z.boolean(),
  hasCustomBranding: z.boolean(),
  hasAdvancedSecurity: z.boolean(),
  hasIpRestriction: z.boolean(),
  hasLinkExpiry: z.boolean(),
  hasPrioritySupport: z.boolean(),
  versionRetentionDays: z.number().int().min(1).describe("how many days a file's earlier versions are kept"),
});
export type PlanFeatureSet = z.output<typeof planFeaturesSchema>;

/** Who takes the payment at checkout: the spec's placeholder card form, or Stripe Checkout when configured. */
export const PAYMENT_PROVIDERS = ['placeholder', 'stripe'] as const;

/** An account's plan: null with status none = "No plan selected" (the trial's features and 10 GB). */
export const accountPlanSchema = z.object({
  planType: z.string().nullable(),
  status: z.enum(['none', 'trial', 'active']),
  trialEndDate: isoDateTime().nullable(),
  storageLimitBytes: z.number().int().min(0),
  features: planFeaturesSchema,
});
export type AccountPlan = z.output<typeof accountPlanSchema>;

/** The account's plan as its people see it: the plan, and where its subscription and trial stand. */
export const subscriptionSchema = accountPlanSchema.extend({
  /** An active subscription: the end of the period paid for (it renews then, unless cancelled). */
  periodEndDate: isoDateTime().nullable(),
  /** Cancelled: the plan stays until periodEndDate, then no plan is selected. */
  cancelAtPeriodEnd: z.boolean(),
  /** The account's one trial has started (it may have ended). */
  trialUsed: z.boolean(),
  /** Checkout may start a free trial: neither the account nor the person asking has had one. */
  trialAvailable: z.boolean(),
  paymentProvider: z.enum(PAYMENT_PROVIDERS),
});
export type Subscription = z.output<typeof subscriptionSchema>;

/** How far a test moves its account's clock (development only). */
export const advanceClockSchema = z.object({
  days: z
    .number({ error: 'Please give a number of days' })
    .int('Please give a whole number of days')
    .min(1, 'Please give 1 to 365 days')
    .max(365, 'Please give 1 to 365 days'),
});

/** A required text field: missing, empty or blank all give `message`. */
const requiredText = (message: string, max: number) => text(message).trim().min(1, message).max(max, message);

/** The Contact Sales form (spec §3 "Contact form"). */
export const contactRequestSchema = z.object({
  name: requiredText('Please enter your full name', 200),
  email: z.email({ error: 'Please enter a valid email address' }).max(320, 'Please enter a valid email address'),
  company: requiredText('Please enter your company name', 200),
  phone: text('Please enter a valid phone number')
    .trim()
    .max(50, 'Please enter a valid phone number')
    .regex(/^[+()\d\s.-]*$/, 'Please enter a valid phone number')
    .optional(),
  message: requiredText('Please enter a message', 5000),
});
export type ContactRequestInput = z.infer<typeof contactRequestSchema>;

/** Contact Sales from a network that sent too many requests in the last hour. */
export const CONTACT_LIMIT_REACHED = 'Too many requests from your network. Please try again later.';

export const contactRequestCreatedSchema = z.object({ id: z.uuid() });
export type ContactRequestCreated = z.output<typeof contactRequestCreatedSchema>;

/** Every request the billing service answers: its payload and its reply. */
export const billingRequests = {
  [BillingSubject.CreateContactRequest]: message(contactRequestSchema, contactRequestCreatedSchema),
  [BillingSubject.GetPlan]: message(z.object({}), accountPlanSchema),
  [BillingSubject.GetSubscription]: message(z.object({}), subscriptionSchema),
  [BillingSubject.StartTrial]: message(startTrialSchema, subscriptionSchema),
  [BillingSubject.AdvanceClock]: message(advanceClockSchema, subscriptionSchema),
  [BillingSubject.Subscribe]: message(choosePlanSchema, subscriptionSchema),
  [BillingSubject.CreateCheckoutSession]: message(choosePlanSchema, checkoutSessionSchema),
  [BillingSubject.ChangePlan]: message(choosePlanSchema, subscriptionSchema),
  [BillingSubject.CancelSubscription]: message(z.object({}), subscriptionSchema),
  [BillingSubject.ResumeSubscription]: message(z.object({}), subscriptionSchema),
  [BillingSubject.PaymentWebhook]: message(paymentWebhookSchema, paymentWebhookReplySchema),
};

/** A Contact Sales form arrived; sales is emailed. */
export interface ContactRequestReceived extends ContactRequestInput {
  id: string;
  receivedAt: string;
}

/** The account's owner started the 14-day trial of a plan. */
export interface TrialStarted {
  planType: string;
  /** The plan's display name, e.g. "Business Plan". */
  planName: string;
  trialEndDate: string;
  /** Whom the trial-started email goes to (spec §7 trial flow: the user's name and end date). */
  email: string;
  fullName: string;
}

/** The account's plan as it now is; every service that gates on the plan asks billing, so this is for realtime views. */
export interface SubscriptionChanged {
  reason: 'trial-started' | 'plan-switched' | 'trial-ended' | 'subscribed' | 'plan-changed' | 'cancelled' | 'resumed' | 'subscription-ended' | 'enterprise';
  plan: Subscription;
  /** Who is told (the account's owner; null before auth named one). */
  ownerId: string | null;
  /** The plan the change is about ("Business Plan"): the new one, or the one that ended. */
  planName: string | null;
}

/** The trial ends soon; `ownerId` is told. */
export interface TrialEnding {
  ownerId: string;
  planType: string;
  planName: string;
  trialEndDate: string;
}

/** The payload of each billing event. */
export interface BillingEvents {
  [BillingEvent.TrialEnding]: TrialEnding;
  [BillingEvent.ContactRequestReceived]: ContactRequestReceived;
  [BillingEvent.TrialStarted]: TrialStarted;
  [BillingEvent.SubscriptionChanged]: SubscriptionChanged;
}
