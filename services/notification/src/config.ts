import type { z } from 'zod';
import { serviceConfigSchema } from '@coffer/server-core';

export const notificationConfigSchema = serviceConfigSchema;
export type NotificationConfig = z.infer<typeof notificationConfigSchema>;
