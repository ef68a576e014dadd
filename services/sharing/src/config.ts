import type { z } from 'zod';
import { serviceConfigSchema } from '@coffer/server-core';

export const sharingConfigSchema = serviceConfigSchema;
export type SharingConfig = z.infer<typeof sharingConfigSchema>;
