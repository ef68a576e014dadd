import { Inject, Injectable } from '@nestjs/common';
import {
  CAPTURED_MAIL_LIMIT,
  CONFIRM_ADDRESS_PARAM,
  SESSION_PARAM,
  longUsDate,
  sharerName,
  type CapturedMailQuery,
  type ContactRequestReceived,
  type DomainEvent,
  type EmailVerificationRequested,
  type ListCapturedMailReply,
  type MemberInvited,
  type NewBrowserSignedIn,
  type PasswordResetRequested,
  type ShareAccessed,
  type ShareCreated,
  type TrialStarted,
  type UserRegistered,
} from '@coffer/contracts';
import { notFound, SERVICE_CONFIG } from '@coffer/server-core';
import type { NotificationConfig } from '../config.js';
import { displayName, PeopleRepository } from '../people/people.repository.js';
import { PreferencesRepository } from '../preferences/preferences.repository.js';
import { EmailRepository } from './email.repository.js';
import { Mailer } from './mailer.js';
import { renderEmail, type EmailTemplates, type TemplateName } from './templates.js';

/** When a sign-in happened, as a security alert names it: "November 27, 2026 at 7:40 AM UTC". */
const SIGN_IN_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'UTC',
  timeZoneName: 'short',
});

/** The emails that events ask for, each recorded once per event for EmailSender to send. */
@Injectable()
export class EmailService {
  constructor(
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(EmailRepository) private readonly emails: EmailRepository,
    @Inject(PreferencesRepository) private readonly preferences: PreferencesRepository,
    @Inject(PeopleRepository) private readonly people: PeopleRepository,
    @Inject(SERVICE_CONFIG) private readonly config: NotificationConfig,
  ) {}

  private link(path: string, params: Record<string, string> = {}) {
    const url = new URL(path, this.config.APP_URL);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.toString();
  }

  private async send<N extends TemplateName>(event: DomainEvent<unknown>, to: string, name: N, data: EmailTemplates[N]) {
    // Recorded with the event; EmailSender sends it once this transaction commits.
    const rendered = renderEmail(name, data);
    await this.emails.enqueue({ id: `${event.id}:${name}`, recipient: to, template: name, ...rendered });
  }

  welcome(event: DomainEvent<UserRegistered>) {
    return this.send(event, event.payload.email, 'welcome', { userName: event.payload.fullName, dashboardUrl: this.link('/dashboard') });
  }

  verifyEmail(event: DomainEvent<EmailVerificationRequested>) {
    return this.send(event, event.payload.email, 'verify-email', {
      userName: event.payload.fullName,
      verifyUrl: this.link('/verify-email', { token: event.payload.token }),
    });
  }

  resetPassword(event: DomainEvent<PasswordResetRequested>) {
    return this.send(event, event.payload.email, 'reset-password', {
      userName: event.payload.fullName,
      resetUrl: this.link('/reset-password', { token: event.payload.token }),
    });
  }

  /** A security alert: always sent, whatever the email preferences; its link opens Settings → Security at that session. */
  newSignIn(event: DomainEvent<NewBrowserSignedIn>) {
    const { email, fullName, browser, ipAddress, signedInAt, sessionId } = event.payload;
    return this.send(event, email, 'new-sign-in', {
      userName: fullName || email.split('@')[0],
      browser,
      ipAddress: ipAddress ?? 'unknown',
      signedInAt: SIGN_IN_TIME.format(new Date(signedInAt)),
      endSessionUrl: this.link('/dashboard/settings/security', { [SESSION_PARAM]: sessionId }),
    });
  }

  /** Spec §7 user-invited: who invited them, to which account, with which role; the link signs them up (or in) with this address. */
  userInvited(event: DomainEvent<MemberInvited>) {
    const { email, inviterName, accountName, role, token } = event.payload;
    return this.send(event, email, 'user-invited', {
      inviterName,
      accountName,
      roleName: role === 'admin' ? 'an admin' : 'a member',
      inviteUrl: this.link('/login', { invite: token, email }),
    });
  }

  /**
   * Spec §7: userName from the email's local part; the sharer's name, else email, else "A user"; an unnamed file is "a file".
   * A Coffer user who switched email notifications off in Settings → General gets the in-app notification only.
   */
  async fileShared(event: DomainEvent<ShareCreated>) {
    const { share, recipientUserId, addressToken } = event.payload;
    if (recipientUserId && !(await this.wantsNotificationEmails(recipientUserId))) return;
    return this.send(event, share.sharedWithEmail, 'file-shared', {
      userName: share.sharedWithEmail.split('@')[0],
      sharedBy: sharerName({ fullName: event.payload.sharedByFullName, email: event.payload.sharedByEmail }, 'A user'),
      fileName: share.fileName || 'a file',
      // To an address nobody confirmed, the link proves its reader owns it, so the file shows at once.
      fileUrl: this.link('/dashboard/shared', addressToken ? { [CONFIRM_ADDRESS_PARAM]: addressToken } : {}),
    });
  }

  /** The recipient opened a share for the first time: its sharer is emailed too, unless they switched notification emails off. */
  async shareOpened(event: DomainEvent<ShareAccessed>) {
    const { share, firstAccess, recipientName } = event.payload;
    if (!firstAccess) return;
    const sharer = await this.people.find(share.sharedByUserId);
    if (!sharer || !(await this.wantsNotificationEmails(sharer.userId))) return;
    return this.send(event, sharer.email, 'share-opened', {
      userName: displayName(sharer),
      openedBy: recipientName || share.sharedWithEmail,
      fileName: share.fileName || 'a file',
      filesUrl: this.link('/dashboard/files'),
    });
  }

  /** Settings → General "Email notifications": off, and only the in-app notification comes. */
  private async wantsNotificationEmails(userId: string) {
    return (await this.preferences.general(userId)).emailNotifications;
  }

  /** Spec §7 trial flow: the user's name, the plan, the end date and the dashboard. */
  async trialStarted(event: DomainEvent<TrialStarted>) {
    const { email, fullName, planName, trialEndDate } = event.payload;
    if (event.actorId && !(await this.wantsNotificationEmails(event.actorId))) return;
    return this.send(event, email, 'trial-started', {
      userName: fullName || email.split('@')[0],
      planName,
      trialEndDate: longUsDate(trialEndDate),
      dashboardUrl: this.link('/dashboard'),
    });
  }

  contactRequest(event: DomainEvent<ContactRequestReceived>) {
    const request = event.payload;
    return this.send(event, this.config.SALES_EMAIL, 'contact-request', {
      name: request.name,
      email: request.email,
      company: request.company,
      phone: request.phone ?? '',
      message: request.message,
      receivedAt: request.receivedAt,
    });
  }

  /** Development only: what the embedded default wrote to DATA_DIR/mail. */
  async capturedMail(query: CapturedMailQuery = {}): Promise<ListCapturedMailReply> {
    if (this.config.NODE_ENV === 'production' || !this.mailer.capturing) throw notFound();
    const to = query.to?.toLowerCase();
    const items = (await this.mailer.captured()).filter((m) => (!to || m.to.toLowerCase() === to) && (!query.id || m.id === query.id));
    return { items: items.slice(0, CAPTURED_MAIL_LIMIT) };
  }
}
