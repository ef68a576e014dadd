import type { z } from 'zod';
import { serviceConfigSchema } from '@coffer/server-core';

export const billingConfigSchema = serviceConfigSchema;
export type BillingConfig = z.infer<typeof billingConfigSchema>;
