import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import {
  AccountEvent,
  AuthEvent,
  BillingEvent,
  DevicesEvent,
  NotificationSubject,
  FileRequestEvent,
  SharingEvent,
  SharingPolicyEvent,
} from '@coffer/contracts';
import { EventBus, RpcRouter } from '@coffer/server-core';
import { EmailService } from './email.service.js';

/** The events that send email, and the development mailbox. */
@Controller()
export class EmailHandler implements OnModuleInit {
  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(EmailService) private readonly email: EmailService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.bus.on(AuthEvent.UserRegistered, (event) => this.email.welcome(event));
    this.bus.on(AuthEvent.EmailVerificationRequested, (event) => this.email.verifyEmail(event));
    this.bus.on(AuthEvent.PasswordResetRequested, (event) => this.email.resetPassword(event));
    this.bus.on(DevicesEvent.NewBrowserSignedIn, (event) => this.email.newSignIn(event));
    this.bus.on(AccountEvent.MemberInvited, (event) => this.email.userInvited(event));
    this.bus.on(SharingEvent.ShareCreated, (event) => this.email.fileShared(event));
    this.bus.on(SharingEvent.ShareAccessed, (event) => this.email.shareOpened(event));
    this.bus.on(BillingEvent.TrialStarted, (event) => this.email.trialStarted(event));
    this.bus.on(BillingEvent.SubscriptionChanged, (event) => this.email.planChanged(event));
    this.bus.on(BillingEvent.TrialEnding, (event) => this.email.trialEnding(event));
    this.bus.on(SharingPolicyEvent.LinksNeedPassword, (event) => this.email.linksNeedPassword(event));
    this.bus.on(FileRequestEvent.FileReceived, (event) => this.email.fileReceived(event));
    this.bus.on(BillingEvent.ContactRequestReceived, (event) => this.email.contactRequest(event));

    this.rpc.handle(NotificationSubject.ListCapturedMail, { caller: 'none' }, ({ payload: query }) => this.email.capturedMail(query));
  }
}
