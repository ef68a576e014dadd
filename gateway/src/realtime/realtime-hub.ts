import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Subject, type Observable } from 'rxjs';
import { filter, map } from 'rxjs/operators';
import { BillingEvent, type DomainEvent, type FileChange, type FileItem, type NotificationCreated, type ShareCreated } from '@coffer/contracts';
import { natsConnectionOptions } from '@coffer/server-core';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

/** Which stream of changes a push belongs to; the browser refreshes what each one makes stale. */
export type RealtimeChannel = 'files' | 'shares' | 'plan' | 'notifications';

/** What a browser hears: which kind of change, to which item (for a file, the item as it is now: lists update in place). */
export interface RealtimeMessage {
  channel: RealtimeChannel;
  type: string;
  itemId: string;
  item?: FileItem;
  fromFolderId?: string;
}

interface Routed extends RealtimeMessage {
  userIds: string[];
  /** Every user of these accounts hears it too (the plan belongs to the account). */
  accountIds?: string[];
}

/** The domain events pushed to browsers, and who hears each: a file's owner; a share's sharer and recipient; everyone in an account whose plan changed; a notification's user. */
const ROUTES: Record<RealtimeChannel, { subject: string; route: (event: DomainEvent<never>) => Omit<Routed, 'channel' | 'type'> }> = {
  files: {
    subject: 'events.files.>',
    route: (event) => {
      const { item, userId, fromFolderId } = (event as DomainEvent<FileChange & { fromFolderId?: string }>).payload;
      return { itemId: item.id, item, ...(fromFolderId && { fromFolderId }), userIds: [userId] };
    },
  },
  shares: {
    subject: 'events.sharing.>',
    route: (event) => {
      // Created, revoked and accessed events all carry the share and its recipient.
      const { share, recipientUserId } = (event as DomainEvent<Pick<ShareCreated, 'share' | 'recipientUserId'>>).payload;
      return { itemId: share.id, userIds: [share.sharedByUserId, ...(recipientUserId ? [recipientUserId] : [])] };
    },
  },
  plan: {
    subject: BillingEvent.SubscriptionChanged,
    // A trial started, a plan switched or a trial ended: features and the storage limit change at once in every tab.
    route: (event) => ({ itemId: event.accountId, userIds: [], accountIds: [event.accountId] }),
  },
  notifications: {
    subject: 'events.notification.>',
    route: (event) => {
      const { userId, notification } = (event as DomainEvent<NotificationCreated>).payload;
      return { itemId: notification.id, userIds: [userId] };
    },
  },
};

/**
 * Hears the files and sharing events on NATS (every gateway replica, each for
 * its own connections) and hands each user's to that user's open streams.
 */
@Injectable()
export class RealtimeHub implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(RealtimeHub.name);
  private readonly changes = new Subject<Routed>();
  private nc?: NatsConnection;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  async onModuleInit() {
    this.nc = await connect(natsConnectionOptions(this.config, 'gateway-realtime'));
    for (const [channel, { subject, route }] of Object.entries(ROUTES) as Array<[RealtimeChannel, (typeof ROUTES)[RealtimeChannel]]>) {
      const sub = this.nc.subscribe(subject);
      void (async () => {
        for await (const msg of sub) {
          try {
            const event = msg.json<DomainEvent<never>>();
            this.changes.next({ channel, type: event.type, ...route(event) });
          } catch (err) {
            this.logger.warn({ msg: `Ignored a malformed ${channel} event`, error: String(err) });
          }
        }
      })();
    }
  }

  /** The changes to one user's files, shares and notifications, and to their account's plan. */
  forUser(userId: string, accountId: string): Observable<RealtimeMessage> {
    return this.changes.pipe(
      filter((c) => c.userIds.includes(userId) || (c.accountIds?.includes(accountId) ?? false)),
      map(({ userIds: _users, accountIds: _accounts, ...message }) => message),
    );
  }

  async onApplicationShutdown() {
    this.changes.complete();
    await this.nc?.drain().catch(() => undefined);
  }
}
