import {
  AccountEvent,
  BillingEvent,
  type DomainEvent,
  type FileChange,
  type MembershipChanged,
  type NotificationCreated,
  type RealtimeChannel,
  type RealtimeChannels,
  type RealtimePush,
  type RolesChanged,
  type ShareCreated,
} from '@coffer/contracts';

/**
 * Who hears a push: these users, every user of these accounts (the plan, team and branding belong to the
 * account), and the owners and admins of the account `managersOf` (who manage every team folder).
 */
export interface Audience {
  userIds: string[];
  accountIds?: string[];
  managersOf?: string;
}

/**
 * How one realtime channel (see RealtimeChannels in contracts) is fed: the NATS subjects of the domain
 * events it carries, and for each event what is pushed (the channel's payload, less the event's type,
 * which every push carries) and to whom.
 */
export interface ChannelRoute<C extends RealtimeChannel> {
  subjects: string[];
  route: (event: DomainEvent<never>) => { data: Omit<RealtimeChannels[C], 'type'>; to: Audience };
}

/** A route for every channel of the contract and for nothing else: a channel renamed in contracts fails to compile here. */
export type ChannelRoutes = { [C in RealtimeChannel]: ChannelRoute<C> };

/**
 * The domain events pushed to browsers, and who hears each: a file's owner (in a team folder: everyone who can open it); a share's sharer and recipient;
 * everyone in an account whose plan, team or branding changed (a member who moved, both accounts and the
 * member); a notification's user. For a file the push carries the item as it is now (lists update in
 * place); for the team, the member whose account or role changed, or the invitation, or the role.
 */
export const CHANNEL_ROUTES: ChannelRoutes = {
  files: {
    // Each item's own events (a selection's one line, SelectionChanged, is for the logs: its items come each on their own).
    subjects: ['events.files.file.>', 'events.files.folder.>'],
    route: (event) => {
      const { item, userId, fromFolderId, audience } = (event as DomainEvent<FileChange & { fromFolderId?: string }>).payload;
      const data = { itemId: item.id, item, ...(fromFolderId && { fromFolderId }) };
      if (!audience) return { data, to: { userIds: [userId] } };
      // In a team folder: everyone who can open the item (the whole account with an "Everyone" entry), who changed it, and the owners and admins.
      return {
        data,
        to: { userIds: [...new Set([userId, ...audience.userIds])], accountIds: audience.everyone ? [event.accountId] : [], managersOf: event.accountId },
      };
    },
  },
  shares: {
    subjects: ['events.sharing.>'],
    route: (event) => {
      // Created, revoked and accessed events all carry the share and its recipient.
      const { share, recipientUserId } = (event as DomainEvent<Pick<ShareCreated, 'share' | 'recipientUserId'>>).payload;
      return { data: { itemId: share.id }, to: { userIds: [share.sharedByUserId, ...(recipientUserId ? [recipientUserId] : [])] } };
    },
  },
  plan: {
    subjects: [BillingEvent.SubscriptionChanged],
    // A trial started, a plan switched or a trial ended: features and the storage limit change at once in every tab.
    route: (event) => ({ data: { itemId: event.accountId }, to: { userIds: [], accountIds: [event.accountId] } }),
  },
  notifications: {
    subjects: ['events.notification.>'],
    route: (event) => {
      const { userId, notification } = (event as DomainEvent<NotificationCreated>).payload;
      return { data: { itemId: notification.id }, to: { userIds: [userId] } };
    },
  },
  team: {
    subjects: [
      AccountEvent.MembershipChanged,
      AccountEvent.MemberInvited,
      AccountEvent.InvitationWithdrawn,
      AccountEvent.InvitationDeclined,
      AccountEvent.RolesChanged,
    ],
    route: (event) => {
      if (event.type === AccountEvent.RolesChanged)
        return { data: { itemId: (event as DomainEvent<RolesChanged>).payload.roleId }, to: { userIds: [], accountIds: [event.accountId] } };
      if (event.type !== AccountEvent.MembershipChanged)
        return { data: { itemId: (event as DomainEvent<{ invitationId: string }>).payload.invitationId }, to: { userIds: [], accountIds: [event.accountId] } };
      // Joined, removed or given another role: the member's own tabs renew their session, both teams' lists change.
      const { userId, accountId, previousAccountId, membershipVersion } = (event as DomainEvent<MembershipChanged>).payload;
      return { data: { itemId: userId, membershipVersion }, to: { userIds: [userId], accountIds: [...new Set([accountId, previousAccountId])] } };
    },
  },
  branding: {
    subjects: [AccountEvent.BrandingChanged],
    route: (event) => ({ data: { itemId: event.accountId }, to: { userIds: [], accountIds: [event.accountId] } }),
  },
};

/** A push, with who hears it. */
export type RoutedPush<C extends RealtimeChannel = RealtimeChannel> = RealtimePush<C> & { to: Audience };

/** The push of `channel` for one of its domain events: the event's type, then what the channel's route makes of it. */
export function pushOf<C extends RealtimeChannel>(channel: C, event: DomainEvent<never>): RoutedPush<C> {
  const { data, to } = (CHANNEL_ROUTES[channel] as ChannelRoute<C>).route(event);
  // A channel follows only its own events, so the event's type is one its payload allows.
  return { channel, data: { type: event.type, ...data }, to } as RoutedPush<C>;
}
