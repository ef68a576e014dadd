import type { z } from 'zod';
import { serviceConfigSchema } from '@coffer/server-core';

export const authConfigSchema = serviceConfigSchema;
export type AuthConfig = z.infer<typeof authConfigSchema>;
