/** Request/reply subjects of the notification service. */
export const NotificationSubject = {
  /** Development only: the emails captured in DATA_DIR/mail (never registered in production). */
  ListCapturedMail: 'notification.mail.list',
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
