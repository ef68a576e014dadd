import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AccountEvent, BillingEvent, NotificationSubject, SharingEvent, type CallerIdentity, type ReceivedPayload } from '@coffer/contracts';
import { Caller, EventBus, Handles, Received } from '@coffer/server-core';
import { NotificationsService } from './notifications.service.js';

/** The events that notify a user in the app, and the notifications page's requests. */
@Controller()
export class NotificationsHandler implements OnModuleInit {
  constructor(
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
    @Inject(EventBus) private readonly bus: EventBus,
  ) {}

  onModuleInit() {
    this.bus.on(SharingEvent.ShareCreated, (event) => this.notifications.shareCreated(event));
    this.bus.on(SharingEvent.ShareAccessed, (event) => this.notifications.shareAccessed(event));
    this.bus.on(AccountEvent.MembershipChanged, (event) => this.notifications.membershipChanged(event));
    this.bus.on(AccountEvent.InvitationDeclined, (event) => this.notifications.invitationDeclined(event));
    this.bus.on(BillingEvent.TrialEnding, (event) => this.notifications.trialEnding(event));
  }

  @Handles(NotificationSubject.ListNotifications)
  list(@Caller() caller: CallerIdentity) {
    return this.notifications.list(caller);
  }

  @Handles(NotificationSubject.MarkNotificationRead)
  markRead(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof NotificationSubject.MarkNotificationRead>) {
    return this.notifications.markRead(caller, p.notificationId);
  }

  @Handles(NotificationSubject.MarkAllNotificationsRead)
  markAllRead(@Caller() caller: CallerIdentity) {
    return this.notifications.markAllRead(caller);
  }
}
