import { z } from 'zod';
import { serviceConfigSchema } from '@coffer/server-core';

export const sharingConfigSchema = serviceConfigSchema.extend({
  /** How many share emails one user may send in an hour (each share, and each share again, sends one). */
  SHARE_SENDS_PER_HOUR: z.coerce.number().int().min(1).default(100),
  /** How many of them may go to one address in an hour. */
  SHARE_SENDS_PER_RECIPIENT_PER_HOUR: z.coerce.number().int().min(1).default(5),
});
export type SharingConfig = z.infer<typeof sharingConfigSchema>;
