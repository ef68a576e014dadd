import { z } from 'zod';
import { message } from './messages.js';
import { isoDateTime, text } from './text.js';

/** Request/reply subjects of the billing service. */
export const BillingSubject = {
  CreateContactRequest: 'billing.contact-request.create',
  /** The account's plan and storage limit (services ask it; the caller header names the account). */
  GetPlan: 'billing.plan.get',
  /** The account owner starts the 14-day trial of a plan (spec §4 "Trial"). */
  StartTrial: 'billing.trial.start',
} as const;

/** Events published by the billing service. */
export const BillingEvent = {
  ContactRequestReceived: 'events.billing.contact-request.received',
  TrialStarted: 'events.billing.trial.started',
} as const;

/** Spec §4: a trial lasts this many days. */
export const TRIAL_DAYS = 14;

export const startTrialSchema = z.object({
  plan: z.enum(['starter', 'business', 'pro'], { error: 'Please choose a plan' }),
});

export const accountPlanSchema = z.object({
  planType: z.string().nullable(),
  status: z.enum(['none', 'trial', 'active']),
  trialEndDate: isoDateTime().nullable(),
  storageLimitBytes: z.number().int().min(0),
});
export type AccountPlan = z.output<typeof accountPlanSchema>;

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

export const contactRequestCreatedSchema = z.object({ id: z.uuid() });
export type ContactRequestCreated = z.output<typeof contactRequestCreatedSchema>;

/** Every request the billing service answers: its payload and its reply. */
export const billingRequests = {
  [BillingSubject.CreateContactRequest]: message(contactRequestSchema, contactRequestCreatedSchema),
  [BillingSubject.GetPlan]: message(z.object({}), accountPlanSchema),
  [BillingSubject.StartTrial]: message(startTrialSchema, accountPlanSchema),
};

/** A Contact Sales form arrived; sales is emailed. */
export interface ContactRequestReceived extends ContactRequestInput {
  id: string;
  receivedAt: string;
}

/** The account's owner started the 14-day trial of a plan. */
export interface TrialStarted {
  planType: string;
  trialEndDate: string;
}

/** The payload of each billing event. */
export interface BillingEvents {
  [BillingEvent.ContactRequestReceived]: ContactRequestReceived;
  [BillingEvent.TrialStarted]: TrialStarted;
}
