import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Subject, type Observable } from 'rxjs';
import { filter, map } from 'rxjs/operators';
import { AccountEvent, BillingEvent, type DomainEvent, type FileChange, type FileItem, type MembershipChanged, type NotificationCreated, type RolesChanged, type ShareCreated } from '@coffer/contracts';
import { natsConnectionOptions } from '@coffer/server-core';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

/** Which stream of changes a push belongs to; the browser refreshes what each one makes stale. */
export type RealtimeChannel = 'files' | 'shares' | 'plan' | 'notifications' | 'team' | 'branding';

/**
 * What a browser hears: which kind of change, to which item (for a file, the item as it is now: lists
 * update in place; for the team, the member whose account or role changed, or the invitation).
 */
export interface RealtimeMessage {
  channel: RealtimeChannel;
  type: string;
  itemId: string;
  item?: FileItem;
  fromFolderId?: string;
  /** With a member's change of account or role: the membership version their tokens carry from then on. */
  membershipVersion?: number;
}

interface Routed extends RealtimeMessage {
  userIds: string[];
  /** Every user of these accounts hears it too (the plan belongs to the account). */
  accountIds?: string[];
}

/**
 * The domain events pushed to browsers, and who hears each: a file's owner; a share's sharer and recipient;
 * everyone in an account whose plan, team or branding changed (a member who moved, both accounts and the
 * member); a notification's user.
 */
const ROUTES: Record<RealtimeChannel, { subjects: string[]; route: (event: DomainEvent<never>) => Omit<Routed, 'channel' | 'type'> }> = {
  files: {
    subjects: ['events.files.>'],
    route: (event) => {
      const { item, userId, fromFolderId } = (event as DomainEvent<FileChange & { fromFolderId?: string }>).payload;
      return { itemId: item.id, item, ...(fromFolderId && { fromFolderId }), userIds: [userId] };
    },
  },
  shares: {
    subjects: ['events.sharing.>'],
    route: (event) => {
      // Created, revoked and accessed events all carry the share and its recipient.
      const { share, recipientUserId } = (event as DomainEvent<Pick<ShareCreated, 'share' | 'recipientUserId'>>).payload;
      return { itemId: share.id, userIds: [share.sharedByUserId, ...(recipientUserId ? [recipientUserId] : [])] };
    },
  },
  plan: {
    subjects: [BillingEvent.SubscriptionChanged],
    // A trial started, a plan switched or a trial ended: features and the storage limit change at once in every tab.
    route: (event) => ({ itemId: event.accountId, userIds: [], accountIds: [event.accountId] }),
  },
  notifications: {
    subjects: ['events.notification.>'],
    route: (event) => {
      const { userId, notification } = (event as DomainEvent<NotificationCreated>).payload;
      return { itemId: notification.id, userIds: [userId] };
    },
  },
  team: {
    subjects: [AccountEvent.MembershipChanged, AccountEvent.MemberInvited, AccountEvent.InvitationWithdrawn, AccountEvent.InvitationDeclined, AccountEvent.RolesChanged],
    route: (event) => {
      if (event.type === AccountEvent.RolesChanged) return { itemId: (event as DomainEvent<RolesChanged>).payload.roleId, userIds: [], accountIds: [event.accountId] };
      if (event.type !== AccountEvent.MembershipChanged) return { itemId: (event as DomainEvent<{ invitationId: string }>).payload.invitationId, userIds: [], accountIds: [event.accountId] };
      // Joined, removed or given another role: the member's own tabs renew their session, both teams' lists change.
      const { userId, accountId, previousAccountId, membershipVersion } = (event as DomainEvent<MembershipChanged>).payload;
      return { itemId: userId, membershipVersion, userIds: [userId], accountIds: [...new Set([accountId, previousAccountId])] };
    },
  },
  branding: {
    subjects: [AccountEvent.BrandingChanged],
    route: (event) => ({ itemId: event.accountId, userIds: [], accountIds: [event.accountId] }),
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
    for (const [channel, { subjects, route }] of Object.entries(ROUTES) as Array<[RealtimeChannel, (typeof ROUTES)[RealtimeChannel]]>) {
      for (const subject of subjects) this.follow(this.nc, channel, subject, route);
    }
  }

  /** Hands each event of `subject` on as a push of `channel`. */
  private follow(nc: NatsConnection, channel: RealtimeChannel, subject: string, route: (typeof ROUTES)[RealtimeChannel]['route']) {
    const sub = nc.subscribe(subject);
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

  /** The changes to one user's files, shares, notifications and membership, and to their account's plan, team and branding. */
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
