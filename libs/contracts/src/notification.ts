import { z } from 'zod';
import { message } from './messages.js';
import { isoDateTime } from './text.js';

/** Request/reply subjects of the notification service. */
export const NotificationSubject = {
  /** Development only: the emails captured in DATA_DIR/mail (never registered in production). */
  ListCapturedMail: 'notification.mail.list',
  ListActivity: 'notification.activity.list',
} as const;

/** An email the embedded default wrote to disk instead of sending. */
export const capturedMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  sentAt: isoDateTime(),
  text: z.string(),
  html: z.string(),
});
export type CapturedMail = z.output<typeof capturedMailSchema>;
export const listCapturedMailReplySchema = z.object({ items: z.array(capturedMailSchema) });
export type ListCapturedMailReply = z.output<typeof listCapturedMailReplySchema>;

export const ACTIVITY_KINDS = ['upload', 'share', 'delete', 'download', 'folder'] as const;
/** One line of the Activity Log panel. */
export const activityEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  fileName: z.string(),
  occurredAt: isoDateTime(),
});
export type ActivityEntry = z.output<typeof activityEntrySchema>;
export const listActivityReplySchema = z.object({ items: z.array(activityEntrySchema) });
export type ListActivityReply = z.output<typeof listActivityReplySchema>;
/** Spec §9: the Activity Log shows this many events. */
export const ACTIVITY_LIMIT = 15;

/** Every request the notification service answers: its payload and its reply. */
export const notificationRequests = {
  [NotificationSubject.ListCapturedMail]: message(z.object({}), listCapturedMailReplySchema),
  [NotificationSubject.ListActivity]: message(z.object({}), listActivityReplySchema),
};
