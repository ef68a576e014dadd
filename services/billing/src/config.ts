import { z } from 'zod';
import { serviceConfigSchema } from '@coffer/server-core';

export const billingConfigSchema = serviceConfigSchema.extend({
  /** How often trials past their end date are ended (one replica at a time). */
  BILLING_TRIAL_EXPIRY_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(60),
  /** How many Contact Sales requests one network (client IP) may send in an hour. */
  CONTACT_REQUESTS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(5),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;
