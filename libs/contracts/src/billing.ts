import { z } from 'zod';

/** Request/reply subjects of the billing service. */
export const BillingSubject = {
  CreateContactRequest: 'billing.contact-request.create',
  /** The account's plan and storage limit (services ask it; the caller header names the account). */
  GetPlan: 'billing.plan.get',
  /** The account owner starts the 14-day trial of a plan (spec §4 "Trial"). */
  StartTrial: 'billing.trial.start',
} as const;

/** Spec §4: a trial lasts this many days. */
export const TRIAL_DAYS = 14;

export const startTrialSchema = z.object({
  plan: z.enum(['starter', 'business', 'pro'], { error: 'Please choose a plan' }),
});

export interface TrialStarted {
  planType: string;
  trialEndDate: string;
}

export interface AccountPlan {
  planType: string | null;
  status: 'none' | 'trial' | 'active';
  trialEndDate: string | null;
  storageLimitBytes: number;
}

/** Events published by the billing service. */
export const BillingEvent = {
  ContactRequestReceived: 'events.billing.contact-request.received',
  TrialStarted: 'events.billing.trial.started',
} as const;

/** A required text field: missing, empty or blank all give `message`. */
const requiredText = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max);

/** The Contact Sales form (spec §3 "Contact form"). */
export const contactRequestSchema = z.object({
  name: requiredText('Please enter your full name', 200),
  email: z.email({ error: 'Please enter a valid email address' }).max(320),
  company: requiredText('Please enter your company name', 200),
  phone: z
    .string()
    .trim()
    .max(50, 'Please enter a valid phone number')
    .regex(/^[+()\d\s.-]*$/, 'Please enter a valid phone number')
    .optional(),
  message: requiredText('Please enter a message', 5000),
});
export type ContactRequestInput = z.infer<typeof contactRequestSchema>;

export interface ContactRequestCreated {
  id: string;
}

export interface ContactRequestReceived extends ContactRequestInput {
  id: string;
  receivedAt: string;
}
