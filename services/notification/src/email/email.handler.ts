import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  AuthEvent,
  BillingEvent,
  NotificationSubject,
  SharingEvent,
  type ContactRequestReceived,
  type EmailVerificationRequested,
  type ListCapturedMailReply,
  type PasswordResetRequested,
  type ShareCreated,
  type UserRegistered,
} from '@coffer/contracts';
import { EventBus, notFound, SERVICE_CONFIG } from '@coffer/server-core';
import type { NotificationConfig } from '../config.js';
import { EmailService } from './email.service.js';
import { Mailer } from './mailer.js';

/** The sharer as the file-shared email names them (spec §9 fallback names). */
const fallbackSharer = ({ sharedByFullName, sharedByEmail }: ShareCreated) => sharedByFullName || sharedByEmail || 'A user';

/** The events that send email, and the development mailbox. */
@Controller()
export class EmailHandler implements OnModuleInit {
  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(EmailService) private readonly email: EmailService,
    @Inject(Mailer) private readonly mailer: Mailer,
    @Inject(SERVICE_CONFIG) private readonly config: NotificationConfig,
  ) {}

  private link(path: string, params: Record<string, string> = {}) {
    const url = new URL(path, this.config.APP_URL);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.toString();
  }

  onModuleInit() {
    this.bus.on<UserRegistered>(AuthEvent.UserRegistered, (event, tx) =>
      this.email.sendFor(event, tx, event.payload.email, 'welcome', {
        userName: event.payload.fullName,
        dashboardUrl: this.link('/dashboard'),
      }),
    );
    this.bus.on<EmailVerificationRequested>(AuthEvent.EmailVerificationRequested, (event, tx) =>
      this.email.sendFor(event, tx, event.payload.email, 'verify-email', {
        userName: event.payload.fullName,
        verifyUrl: this.link('/verify-email', { token: event.payload.token }),
      }),
    );
    this.bus.on<PasswordResetRequested>(AuthEvent.PasswordResetRequested, (event, tx) =>
      this.email.sendFor(event, tx, event.payload.email, 'reset-password', {
        userName: event.payload.fullName,
        resetUrl: this.link('/reset-password', { token: event.payload.token }),
      }),
    );
    // Spec §7: userName from the email's local part; the sharer's name, else email, else "A user"; an unnamed file is "a file".
    this.bus.on<ShareCreated>(SharingEvent.ShareCreated, (event, tx) =>
      this.email.sendFor(event, tx, event.payload.share.sharedWithEmail, 'file-shared', {
        userName: event.payload.share.sharedWithEmail.split('@')[0],
        sharedBy: fallbackSharer(event.payload),
        fileName: event.payload.share.fileName || 'a file',
        fileUrl: this.link('/dashboard/shared'),
      }),
    );
    this.bus.on<ContactRequestReceived>(BillingEvent.ContactRequestReceived, (event, tx) =>
      this.email.sendFor(event, tx, this.config.SALES_EMAIL, 'contact-request', {
        name: event.payload.name,
        email: event.payload.email,
        company: event.payload.company,
        phone: event.payload.phone ?? '',
        message: event.payload.message,
        receivedAt: event.payload.receivedAt,
      }),
    );
  }

  /** Development only: what the embedded default wrote to DATA_DIR/mail. */
  @MessagePattern(NotificationSubject.ListCapturedMail)
  async capturedMail(): Promise<ListCapturedMailReply> {
    if (this.config.NODE_ENV === 'production' || !this.mailer.capturing) throw notFound();
    return { items: await this.mailer.captured() };
  }
}
