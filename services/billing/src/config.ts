import { z } from 'zod';
import { serviceConfigSchema } from '@coffer/server-core';

export const billingConfigSchema = serviceConfigSchema.extend({
  /** How often trials past their end date are ended (one replica at a time). */
  BILLING_TRIAL_EXPIRY_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(60),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;
