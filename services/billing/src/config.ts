import { z } from 'zod';
import { serviceConfigSchema } from '@coffer/server-core';

const optionalSecret = z.string().trim().min(1).optional();

export const billingConfigSchema = serviceConfigSchema.extend({
  /** How often trials past their end date are ended (one replica at a time). */
  BILLING_TRIAL_EXPIRY_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(60),
  /** How many Contact Sales requests one network (client IP) may send in an hour. */
  CONTACT_REQUESTS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** Where Stripe Checkout sends the browser back to. */
  APP_URL: z.url().default('http://localhost:3000'),
  /** Set: checkout is Stripe Checkout and subscriptions follow Stripe's webhooks. Unset: the spec's placeholder payment. */
  STRIPE_SECRET_KEY: optionalSecret,
  /** The signing secret of the webhook endpoint (whsec_…): every webhook is verified with it. */
  STRIPE_WEBHOOK_SECRET: optionalSecret,
  /** Where Stripe's API answers (stripe-mock, or a proxy); Stripe's own when unset. */
  STRIPE_API_URL: z.url().optional(),
  /** Stripe's monthly price of each plan (price_…). */
  STRIPE_PRICE_STARTER: optionalSecret,
  STRIPE_PRICE_BUSINESS: optionalSecret,
  STRIPE_PRICE_PRO: optionalSecret,
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;
