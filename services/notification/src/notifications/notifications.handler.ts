import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AccountEvent, BillingEvent, NotificationSubject, FileRequestEvent, SharingEvent, SharingPolicyEvent } from '@coffer/contracts';
import { EventBus, RpcRouter } from '@coffer/server-core';
import { NotificationsService } from './notifications.service.js';

/** The events that notify a user in the app, and the notifications page's requests. */
@Controller()
export class NotificationsHandler implements OnModuleInit {
  constructor(
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.bus.on(SharingEvent.ShareCreated, (event) => this.notifications.shareCreated(event));
    // A share made before its recipient confirmed the address: the same notification, now.
    this.bus.on(SharingEvent.ShareDelivered, (event) => this.notifications.shareCreated(event));
    this.bus.on(SharingEvent.ShareAccessed, (event) => this.notifications.shareAccessed(event));
    this.bus.on(AccountEvent.MembershipChanged, (event) => this.notifications.membershipChanged(event));
    this.bus.on(AccountEvent.InvitationDeclined, (event) => this.notifications.invitationDeclined(event));
    this.bus.on(BillingEvent.TrialEnding, (event) => this.notifications.trialEnding(event));
    this.bus.on(SharingPolicyEvent.LinksNeedPassword, (event) => this.notifications.linksNeedPassword(event));
    this.bus.on(FileRequestEvent.FileReceived, (event) => this.notifications.fileReceived(event));

    this.rpc.handle(NotificationSubject.ListNotifications, ({ caller }) => this.notifications.list(caller));
    this.rpc.handle(NotificationSubject.MarkNotificationRead, ({ caller, payload }) => this.notifications.markRead(caller, payload.notificationId));
    this.rpc.handle(NotificationSubject.MarkAllNotificationsRead, ({ caller }) => this.notifications.markAllRead(caller));
  }
}
