import { z } from 'zod';
import { serviceConfigSchema } from '@coffer/server-core';

export const filesConfigSchema = serviceConfigSchema.extend({
  S3_ENDPOINT: z.url().optional(),
  /** The S3 endpoint as browsers reach it, for presigned URLs (defaults to S3_ENDPOINT). */
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  /** How often trashed items older than 30 days and abandoned upload slots are purged. */
  FILES_PURGE_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** How long an upload slot stays valid. */
  UPLOAD_SLOT_SECONDS: z.coerce.number().int().min(30).default(900),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid S3 bucket name').default('coffer-files'),
  S3_ACCESS_KEY_ID: z.string().min(1).default('S3RVER'),
  S3_SECRET_ACCESS_KEY: z.string().min(1).default('S3RVER'),
});
export type FilesConfig = z.infer<typeof filesConfigSchema>;
