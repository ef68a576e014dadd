import { z } from 'zod';
import { serviceConfigSchema } from '@coffer/server-core';

/** The development defaults: in production each must be set to the real one. */
const DEV_MAIL_FROM = 'Coffer <no-reply@coffer.local>';
const DEV_APP_URL = 'http://localhost:3000';
const DEV_SALES_EMAIL = 'sales@coffer.local';

export const notificationConfigSchema = serviceConfigSchema
  .extend({
    /** SMTP server (smtp:// or smtps://); unset outside production = emails are written to DATA_DIR/mail. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default(DEV_MAIL_FROM),
    /** Where the product is reached: the base of every link in an email. */
    APP_URL: z.url().default(DEV_APP_URL),
    /** The sales inbox that receives Contact Sales requests. */
    SALES_EMAIL: z.email().default(DEV_SALES_EMAIL),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV !== 'production') return;
    const required = (path: string) => ctx.addIssue({ code: 'custom', path: [path], message: 'is required in production' });
    if (!c.SMTP_URL) required('SMTP_URL');
    // Links in emails would point at the developer's machine, mail would come from a domain nobody owns.
    if (c.APP_URL === DEV_APP_URL) required('APP_URL');
    if (c.MAIL_FROM === DEV_MAIL_FROM) required('MAIL_FROM');
    if (c.SALES_EMAIL === DEV_SALES_EMAIL) required('SALES_EMAIL');
  });
export type NotificationConfig = z.infer<typeof notificationConfigSchema>;
