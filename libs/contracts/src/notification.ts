import { z } from 'zod';
import { message } from './messages.js';
import { isoDateTime, okReplySchema } from './text.js';

/** Request/reply subjects of the notification service. */
export const NotificationSubject = {
  /** Development only: the emails captured in DATA_DIR/mail (never registered in production). */
  ListCapturedMail: 'notification.mail.list',
  ListActivity: 'notification.activity.list',
  ListNotifications: 'notification.notification.list',
  MarkNotificationRead: 'notification.notification.mark-read',
  MarkAllNotificationsRead: 'notification.notification.mark-all-read',
} as const;

/** Events published by the notification service. */
export const NotificationEvent = {
  NotificationCreated: 'events.notification.notification.created',
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
/** The development mailbox answers at most this many emails, newest first (a reply stays under NATS's 1 MB). */
export const CAPTURED_MAIL_LIMIT = 100;
/** Which captured emails: those to one address, or the one with this id. */
export const capturedMailQuerySchema = z.object({ to: z.string().max(320).optional(), id: z.string().max(200).optional() });
export type CapturedMailQuery = z.output<typeof capturedMailQuerySchema>;
export type ListCapturedMailReply = z.output<typeof listCapturedMailReplySchema>;

export const ACTIVITY_KINDS = ['upload', 'share', 'delete', 'download', 'folder', 'replace', 'restore-version'] as const;
/** One line of the Activity Log panel. */
export const activityEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  fileName: z.string(),
  occurredAt: isoDateTime(),
  /** Who did it, when someone else did (in a team folder); null for the person's own doing. */
  actorName: z.string().nullable(),
});
export type ActivityEntry = z.output<typeof activityEntrySchema>;
export const listActivityReplySchema = z.object({ items: z.array(activityEntrySchema) });
export type ListActivityReply = z.output<typeof listActivityReplySchema>;
/** Spec §9: the Activity Log shows this many events. */
export const ACTIVITY_LIMIT = 15;

/** Spec §9: the notifications page fetches this many, newest first. */
export const NOTIFICATIONS_LIMIT = 50;
export const NOTIFICATION_TYPES = [
  'file_shared',
  'share_opened',
  'invitation_accepted',
  'invitation_declined',
  'trial_ending',
  'links_need_password',
  'file_request_upload',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Spec §3 "notifications": what a notification is about. */
export const notificationMetadataSchema = z.object({
  file_id: z.string().optional(),
  file_name: z.string().optional(),
  shared_by: z.string().optional(),
  share_id: z.string().optional(),
  opened_by: z.string().optional(),
  /** invitation_accepted, invitation_declined: who joined the team, or declined to. */
  member_name: z.string().optional(),
  member_email: z.string().optional(),
  /** trial_ending: the plan on trial and the day it ends. */
  plan_name: z.string().optional(),
  trial_end_date: z.string().optional(),
  /** links_need_password: how many of the person's links the sharing policy stopped until they get a password. */
  link_count: z.string().optional(),
  /** file_request_upload: the folder a file request sent a file into. */
  folder_name: z.string().optional(),
});
export type NotificationMetadata = z.output<typeof notificationMetadataSchema>;

/** One in-app notification (spec §3). */
export const notificationItemSchema = z.object({
  id: z.uuid(),
  type: z.enum(NOTIFICATION_TYPES),
  title: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: isoDateTime(),
  metadata: notificationMetadataSchema,
});
export type NotificationItem = z.output<typeof notificationItemSchema>;
export const listNotificationsReplySchema = z.object({
  items: z.array(notificationItemSchema),
  /** Unread among all the caller's notifications (not only the latest 50): the bell and the page's header. */
  unreadCount: z.number().int().min(0),
});
export type ListNotificationsReply = z.output<typeof listNotificationsReplySchema>;
export const notificationIdSchema = z.object({ notificationId: z.uuid({ error: 'Notification not found' }) });
export const markAllReadReplySchema = z.object({ updated: z.number().int().min(0) });

/** The in-app notification copy (spec §9 fallbacks: "Someone", "a file"). */
export const NotificationCopy = {
  fileShared: {
    title: 'New file shared with you',
    message: (sharedBy: string, fileName: string) => `${sharedBy} shared "${fileName}" with you`,
  },
  /** A folder shared by email (PRODUCT-DECISIONS "Sharing outside the company"): the same notice, naming a folder. */
  folderShared: { title: 'New folder shared with you' },
  folderShareOpened: { title: 'Your shared folder was opened' },
  shareOpened: {
    title: 'Your shared file was opened',
    message: (openedBy: string, fileName: string) => `${openedBy} opened "${fileName}" for the first time`,
  },
  invitationAccepted: {
    title: 'Invitation accepted',
    message: (member: string) => `${member} accepted your invitation and joined your team`,
  },
  invitationDeclined: {
    title: 'Invitation declined',
    message: (member: string) => `${member} declined your invitation to join your team`,
  },
  trialEnding: {
    title: 'Your trial ends soon',
    message: (planName: string, endDate: string) => `Your 14-day free trial of ${planName} ends on ${endDate}. Choose a plan to keep your team's features.`,
  },
  fileRequestUpload: {
    title: 'A file came in through your request',
    message: (fileName: string, folderName: string) => `"${fileName}" was uploaded to ${folderName} through your file request`,
  },
  linksNeedPassword: {
    title: 'Your links need a password',
    message: (fileNames: readonly string[], count: number) =>
      `Your company now requires a password on every link. ${count === 1 ? `Your link to "${fileNames[0]}" is` : `${count} of your links (${fileNames.map((n) => `"${n}"`).join(', ')}${count > fileNames.length ? ', …' : ''}) are`} turned off until you give ${count === 1 ? 'it' : 'each'} a password in the Share dialog.`,
  },
} as const;

/** A notification was created for a user (the gateway pushes it to them live). */
export interface NotificationCreated {
  userId: string;
  notification: NotificationItem;
}
/** The payload of each notification event. */
export interface NotificationEvents {
  [NotificationEvent.NotificationCreated]: NotificationCreated;
}

/** Every request the notification service answers: its payload and its reply. */
export const notificationRequests = {
  [NotificationSubject.ListNotifications]: message(z.object({}), listNotificationsReplySchema),
  [NotificationSubject.MarkNotificationRead]: message(notificationIdSchema, okReplySchema),
  [NotificationSubject.MarkAllNotificationsRead]: message(z.object({}), markAllReadReplySchema),
  [NotificationSubject.ListCapturedMail]: message(capturedMailQuerySchema, listCapturedMailReplySchema),
  [NotificationSubject.ListActivity]: message(z.object({}), listActivityReplySchema),
};
