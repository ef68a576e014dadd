import { Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { listNotificationsReplySchema, markAllReadReplySchema, NotificationSubject, okReplySchema, type RequestMeta } from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { idParams, ValidParams, type IdParams } from '../api/validation.js';
import { Meta } from '../identity/caller.js';

const notificationParams = idParams('Notification not found');

/** The caller's own in-app notifications: forwarded to the notification service. */
@Controller('notifications')
export class NotificationsController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Get()
  @ApiDoc({ summary: "The caller's 50 latest notifications, newest first, and how many are unread", reply: listNotificationsReplySchema })
  list(@Meta() meta: RequestMeta) {
    return this.services.request(NotificationSubject.ListNotifications, {}, meta);
  }

  @Post('read-all')
  @HttpCode(200)
  @ApiDoc({ summary: "Mark all of the caller's notifications as read", reply: markAllReadReplySchema })
  markAllRead(@Meta() meta: RequestMeta) {
    return this.services.request(NotificationSubject.MarkAllNotificationsRead, {}, meta);
  }

  @Post(':id/read')
  @HttpCode(200)
  @ApiDoc({ summary: 'Mark one of your notifications as read', reply: okReplySchema })
  markRead(@Meta() meta: RequestMeta, @ValidParams(notificationParams) params: IdParams) {
    return this.services.request(NotificationSubject.MarkNotificationRead, { notificationId: params.id }, meta);
  }
}
