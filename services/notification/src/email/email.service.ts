import { Inject, Injectable } from '@nestjs/common';
import {
  NotificationCopy,
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
  type SubscriptionChanged,
  type TrialEnding,
  type LinksNeedPassword,
  type FileReceived,
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

type PlanChangeCopy = { headline: string; detail: string; actionLabel: string; actionUrl: string };
const renews = (plan: SubscriptionChanged['plan']) => (plan.periodEndDate ? `Your subscription renews on ${longUsDate(plan.periodEndDate)}.` : '');
const openAccount = { actionLabel: 'Open your account', actionUrl: '/dashboard/account' };
const choosePlan = { actionLabel: 'Choose a plan', actionUrl: '/pricing' };

/** What the owner is told of each change (trial-started has its own email). */
const PLAN_CHANGE_EMAILS: Partial<Record<SubscriptionChanged['reason'], (planName: string, plan: SubscriptionChanged['plan']) => PlanChangeCopy>> = {
  'plan-switched': (name, plan) => ({
    headline: `You switched to ${name}`,
    detail: plan.trialEndDate ? `Your trial still ends on ${longUsDate(plan.trialEndDate)}.` : '',
    ...openAccount,
  }),
  subscribed: (name, plan) => ({ headline: `You are now subscribed to ${name}`, detail: renews(plan), ...openAccount }),
  'plan-changed': (name, plan) => ({ headline: `Your plan is now ${name}`, detail: renews(plan), ...openAccount }),
  cancelled: (name, plan) => ({
    headline: `Your ${name} subscription is cancelled`,
    detail: `${name} stays yours until ${plan.periodEndDate ? longUsDate(plan.periodEndDate) : 'the end of the period'}. Then your account has no plan selected; your files stay readable.`,
    ...openAccount,
  }),
  resumed: (name, plan) => ({ headline: `Your ${name} subscription continues`, detail: renews(plan), ...openAccount }),
  'subscription-ended': (name) => ({
    headline: `Your ${name} subscription has ended`,
    detail: 'Your account has no plan selected. Your files stay readable, with 10 GB of storage.',
    ...choosePlan,
  }),
  'trial-ended': () => ({
    headline: 'Your free trial has ended',
    detail: 'Your account has no plan selected. Your files stay readable, with 10 GB of storage. Choose a plan to keep every feature.',
    ...choosePlan,
  }),
  enterprise: (name) => ({ headline: `Your account is now on the ${name} plan`, detail: 'Our sales team set it up for you.', ...openAccount }),
};

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

  /** Every change of the account's plan, told to its owner (security-like: sent whatever the notification switch says). */
  async planChanged(event: DomainEvent<SubscriptionChanged>) {
    const { reason, ownerId, planName, plan } = event.payload;
    const copy = PLAN_CHANGE_EMAILS[reason]?.(planName ?? 'your plan', plan);
    const owner = ownerId ? await this.people.find(ownerId) : undefined;
    if (!copy || !owner) return;
    return this.send(event, owner.email, 'plan-changed', { userName: displayName(owner), ...copy, actionUrl: this.link(copy.actionUrl) });
  }

  /** Three days before the trial ends: the owner is emailed as well as notified in the app. */
  async trialEnding(event: DomainEvent<TrialEnding>) {
    const { ownerId, planName, trialEndDate } = event.payload;
    const owner = await this.people.find(ownerId);
    if (!owner) return;
    return this.send(event, owner.email, 'plan-changed', {
      userName: displayName(owner),
      headline: `Your free trial ends on ${longUsDate(trialEndDate)}`,
      detail: `Choose a plan before then to keep every feature of ${planName}. After it your files stay readable, with 10 GB of storage.`,
      actionLabel: 'Choose a plan',
      actionUrl: this.link('/pricing'),
    });
  }

  /** The sharing policy stopped the person's links until they get a password (sent whatever the notification switch says: their links stopped). */
  async linksNeedPassword(event: DomainEvent<LinksNeedPassword>) {
    const { userId, fileNames, count } = event.payload;
    const person = await this.people.find(userId);
    if (!person) return;
    return this.send(event, person.email, 'plan-changed', {
      userName: displayName(person),
      headline: NotificationCopy.linksNeedPassword.title,
      detail: NotificationCopy.linksNeedPassword.message(fileNames, count),
      actionLabel: 'Open your files',
      actionUrl: this.link('/dashboard/files'),
    });
  }

  /** A visitor sent a file through a file request: its maker is told by email too, unless they turned notification emails off. */
  async fileReceived(event: DomainEvent<FileReceived>) {
    const { userId, fileName, folderName } = event.payload;
    const person = await this.people.find(userId);
    if (!person || !(await this.wantsNotificationEmails(userId))) return;
    return this.send(event, person.email, 'plan-changed', {
      userName: displayName(person),
      headline: NotificationCopy.fileRequestUpload.title,
      detail: NotificationCopy.fileRequestUpload.message(fileName, folderName),
      actionLabel: 'Open your files',
      actionUrl: this.link('/dashboard/files'),
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
