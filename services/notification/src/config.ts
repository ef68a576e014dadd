import { z } from 'zod';
import { serviceConfigSchema } from '@coffer/server-core';

export const notificationConfigSchema = serviceConfigSchema
  .extend({
    /** SMTP server (smtp:// or smtps://); unset outside production = emails are written to DATA_DIR/mail. */
    SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL').optional(),
    MAIL_FROM: z.string().min(3).default('Coffer <no-reply@coffer.local>'),
    /** Where the product is reached: the base of every link in an email. */
    APP_URL: z.url().default('http://localhost:3000'),
    /** The sales inbox that receives Contact Sales requests. */
    SALES_EMAIL: z.email().default('sales@coffer.local'),
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.SMTP_URL, { message: 'is required in production', path: ['SMTP_URL'] });
export type NotificationConfig = z.infer<typeof notificationConfigSchema>;
