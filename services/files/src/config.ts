import { z } from 'zod';
import { serviceConfigSchema } from '@coffer/server-core';
import { objectStoreConfigSchema } from '@coffer/server-core/object-store';

export const filesConfigSchema = serviceConfigSchema.extend(objectStoreConfigSchema.shape).extend({
  /** How often trashed items older than 30 days and abandoned upload slots are purged. */
  FILES_PURGE_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** How long an upload slot stays valid. */
  UPLOAD_SLOT_SECONDS: z.coerce.number().int().min(30).default(900),
  /** How long a multipart upload (a big file) can take, resumed as often as needed, before it is dropped. */
  UPLOAD_RESUMABLE_SECONDS: z.coerce.number().int().min(60).default(86_400),
  /** How long an account's plan features are kept in memory at most (billing's plan events clear them at once). */
  PLAN_FEATURES_TTL_SECONDS: z.coerce.number().int().min(1).default(300),
  /** How many accounts' plan features are kept in memory at most. */
  PLAN_FEATURES_MAX_ACCOUNTS: z.coerce.number().int().min(1).default(10_000),
  /** Thumbnails of uploaded images and PDFs ("off": none are made, cards keep their icons; the bench compares both). */
  THUMBNAILS: z.enum(['on', 'off']).default('on'),
  /** How many thumbnails one replica makes at once. */
  THUMBNAILS_AT_ONCE: z.coerce.number().int().min(1).max(8).default(1),
});
export type FilesConfig = z.infer<typeof filesConfigSchema>;
