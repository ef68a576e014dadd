import { z } from 'zod';
import { serviceConfigSchema } from '@coffer/server-core';

export const sharingConfigSchema = serviceConfigSchema.extend({
  /** How many share emails one user may send in an hour (each share, and each share again, sends one). */
  SHARE_SENDS_PER_HOUR: z.coerce.number().int().min(1).default(100),
  /** How many of them may go to one address in an hour. */
  SHARE_SENDS_PER_RECIPIENT_PER_HOUR: z.coerce.number().int().min(1).default(5),
  /** How many uploads may start through one file request in a minute (each reserves storage on its maker's account). */
  FILE_REQUEST_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** How many uploads may start through file requests from one client address in a minute. */
  FILE_REQUEST_UPLOADS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
});
export type SharingConfig = z.infer<typeof sharingConfigSchema>;
