import { Inject, Injectable } from '@nestjs/common';
import {
  longUsDate,
  NotificationCopy,
  NotificationEvent,
  NOTIFICATIONS_LIMIT,
  OK,
  sharerName,
  type CallerIdentity,
  type DomainEvent,
  type ListNotificationsReply,
  type InvitationDeclined,
  type MembershipChanged,
  type TrialEnding,
  type LinksNeedPassword,
  type FileReceived,
  type NotificationItem,
  type OkReply,
  type ShareAccessed,
  type ShareCreated,
  type ShareDelivered,
} from '@coffer/contracts';
import { EventBus, notFound } from '@coffer/server-core';
import { NotificationsRepository, type NewNotification, type NotificationRow } from './notifications.repository.js';

/** Spec §9 fallback of a notification: an unnamed file is "a file" (the sharer's is sharerName's). */
const fileNameOf = (name: string) => name || 'a file';

export function toNotificationItem(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    read: row.read,
    createdAt: row.createdAt.toISOString(),
    metadata: row.metadata,
  };
}

/** In-app notifications: made once per event from the sharing events, listed and marked read by their user only. */
@Injectable()
export class NotificationsService {
  constructor(
    @Inject(NotificationsRepository) private readonly repository: NotificationsRepository,
    @Inject(EventBus) private readonly bus: EventBus,
  ) {}

  /** Adds the notification in the event's transaction and announces it, so the user's open tabs show it at once. */
  private async notify(event: DomainEvent<unknown>, notification: Omit<NewNotification, 'sourceKey'>) {
    const row = await this.repository.add({ ...notification, sourceKey: `${event.id}:${notification.userId}` });
    if (!row) return;
    await this.bus.record(NotificationEvent.NotificationCreated, {
      accountId: event.accountId,
      actorId: event.actorId,
      payload: { userId: row.userId, notification: toNotificationItem(row) },
    });
  }

  /** A file or a folder was shared with a Coffer user who confirmed the address (or who confirmed it since: ShareDelivered): they get a file_shared notification. */
  async shareCreated(event: DomainEvent<ShareDelivered | ShareCreated>) {
    const { share, recipientUserId } = event.payload;
    if (!recipientUserId) return;
    const sharedBy = sharerName({ fullName: event.payload.sharedByFullName, email: event.payload.sharedByEmail });
    const fileName = fileNameOf(share.fileName);
    await this.notify(event, {
      userId: recipientUserId,
      type: 'file_shared',
      title: share.kind === 'folder' ? NotificationCopy.folderShared.title : NotificationCopy.fileShared.title,
      message: NotificationCopy.fileShared.message(sharedBy, fileName),
      metadata: { file_id: share.fileId, file_name: fileName, shared_by: sharedBy, share_id: share.id },
    });
  }

  /** The recipient opened a share for the first time: its sharer is told, once. */
  async shareAccessed(event: DomainEvent<ShareAccessed>) {
    const { share, firstAccess, recipientName } = event.payload;
    if (!firstAccess) return;
    const fileName = fileNameOf(share.fileName);
    const openedBy = recipientName || share.sharedWithEmail;
    await this.notify(event, {
      userId: share.sharedByUserId,
      type: 'share_opened',
      title: share.kind === 'folder' ? NotificationCopy.folderShareOpened.title : NotificationCopy.shareOpened.title,
      message: NotificationCopy.shareOpened.message(openedBy, fileName),
      metadata: { file_id: share.fileId, file_name: fileName, share_id: share.id, opened_by: openedBy },
    });
  }

  /** Someone joined the team from an invitation: whoever invited them is told. */
  async membershipChanged(event: DomainEvent<MembershipChanged>) {
    const { reason, invitedBy, fullName, email } = event.payload;
    if (reason !== 'joined' || !invitedBy) return;
    const member = fullName.trim() || email;
    await this.notify(event, {
      userId: invitedBy,
      type: 'invitation_accepted',
      title: NotificationCopy.invitationAccepted.title,
      message: NotificationCopy.invitationAccepted.message(member),
      metadata: { member_name: member, member_email: email },
    });
  }

  /** The invited person declined: whoever invited them is told. */
  async invitationDeclined(event: DomainEvent<InvitationDeclined>) {
    const { invitedBy, fullName, email } = event.payload;
    const member = fullName.trim() || email;
    await this.notify(event, {
      userId: invitedBy,
      type: 'invitation_declined',
      title: NotificationCopy.invitationDeclined.title,
      message: NotificationCopy.invitationDeclined.message(member),
      metadata: { member_name: member, member_email: email },
    });
  }

  /** The trial ends within 3 days: the account's owner is told (billing sends it once per trial). */
  async trialEnding(event: DomainEvent<TrialEnding>) {
    const { ownerId, planName, trialEndDate } = event.payload;
    const endDate = longUsDate(trialEndDate);
    await this.notify(event, {
      userId: ownerId,
      type: 'trial_ending',
      title: NotificationCopy.trialEnding.title,
      message: NotificationCopy.trialEnding.message(planName, endDate),
      metadata: { plan_name: planName, trial_end_date: trialEndDate },
    });
  }

  /** The sharing policy now requires a password: each person whose links have none is told they stopped until they get one. */
  async linksNeedPassword(event: DomainEvent<LinksNeedPassword>) {
    const { userId, fileNames, count } = event.payload;
    await this.notify(event, {
      userId,
      type: 'links_need_password',
      title: NotificationCopy.linksNeedPassword.title,
      message: NotificationCopy.linksNeedPassword.message(fileNames, count),
      metadata: { file_name: fileNames[0], link_count: String(count) },
    });
  }

  /** A visitor sent a file through a file request: its maker is told, file by file. */
  async fileReceived(event: DomainEvent<FileReceived>) {
    const { userId, fileId, fileName, folderName } = event.payload;
    await this.notify(event, {
      userId,
      type: 'file_request_upload',
      title: NotificationCopy.fileRequestUpload.title,
      message: NotificationCopy.fileRequestUpload.message(fileName, folderName),
      metadata: { file_id: fileId, file_name: fileName, folder_name: folderName },
    });
  }

  async list(caller: CallerIdentity): Promise<ListNotificationsReply> {
    const [rows, unreadCount] = await Promise.all([this.repository.latest(caller.userId, NOTIFICATIONS_LIMIT), this.repository.unreadCount(caller.userId)]);
    return { items: rows.map(toNotificationItem), unreadCount };
  }

  async markRead(caller: CallerIdentity, notificationId: string): Promise<OkReply> {
    if (!(await this.repository.markRead(caller.userId, notificationId))) throw notFound('Notification not found');
    return OK;
  }

  async markAllRead(caller: CallerIdentity): Promise<{ updated: number }> {
    return { updated: await this.repository.markAllRead(caller.userId) };
  }
}
