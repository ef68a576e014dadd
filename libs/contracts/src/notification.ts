/** Request/reply subjects of the notification service. */
export const NotificationSubject = {
  /** Development only: the emails captured in DATA_DIR/mail (never registered in production). */
  ListCapturedMail: 'notification.mail.list',
  ListActivity: 'notification.activity.list',
} as const;

/** An email the embedded default wrote to disk instead of sending. */
export interface CapturedMail {
  id: string;
  to: string;
  subject: string;
  sentAt: string;
  text: string;
  html: string;
}
export interface ListCapturedMailReply {
  items: CapturedMail[];
}

/** One line of the Activity Log panel. */
export interface ActivityEntry {
  id: string;
  kind: 'upload' | 'share' | 'delete' | 'download' | 'folder';
  fileName: string;
  occurredAt: string;
}
export interface ListActivityReply {
  items: ActivityEntry[];
}
/** Spec §9: the Activity Log shows this many events. */
export const ACTIVITY_LIMIT = 15;
