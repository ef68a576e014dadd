import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AccountEvent, AuthEvent, BillingEvent, NotificationSubject, SharingEvent, type ReceivedPayload } from '@coffer/contracts';
import { EventBus, Handles, Received } from '@coffer/server-core';
import { EmailService } from './email.service.js';

/** The events that send email, and the development mailbox. */
@Controller()
export class EmailHandler implements OnModuleInit {
  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(EmailService) private readonly email: EmailService,
  ) {}

  onModuleInit() {
    this.bus.on(AuthEvent.UserRegistered, (event, tx) => this.email.welcome(tx, event));
    this.bus.on(AuthEvent.EmailVerificationRequested, (event, tx) => this.email.verifyEmail(tx, event));
    this.bus.on(AuthEvent.PasswordResetRequested, (event, tx) => this.email.resetPassword(tx, event));
    this.bus.on(AccountEvent.MemberInvited, (event, tx) => this.email.userInvited(tx, event));
    this.bus.on(SharingEvent.ShareCreated, (event, tx) => this.email.fileShared(tx, event));
    this.bus.on(SharingEvent.ShareAccessed, (event, tx) => this.email.shareOpened(tx, event));
    this.bus.on(BillingEvent.TrialStarted, (event, tx) => this.email.trialStarted(tx, event));
    this.bus.on(BillingEvent.ContactRequestReceived, (event, tx) => this.email.contactRequest(tx, event));
  }

  @Handles(NotificationSubject.ListCapturedMail)
  capturedMail(@Received() query: ReceivedPayload<typeof NotificationSubject.ListCapturedMail>) {
    return this.email.capturedMail(query);
  }
}
