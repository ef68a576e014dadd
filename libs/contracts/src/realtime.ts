import type { FileChangePush } from './files.js';

/** A push that says what changed, for the browser to read again: the domain event, and the item it is about. */
export interface ChangePush {
  /** The domain event, e.g. `events.sharing.share.created`. */
  type: string;
  itemId: string;
}

/** A change to the team; with a member's change of account or role, the membership version their tokens carry from then on. */
export interface TeamPush extends ChangePush {
  membershipVersion?: number;
}

/**
 * The realtime channels of GET /api/events (each push's SSE event name) and what each push carries (its
 * data). The gateway pushes with this map and web-core subscribes with it: a channel renamed or removed
 * here fails to compile on both sides, instead of the browser silently missing its refreshes.
 */
export interface RealtimeChannels {
  /** A file or folder of the user changed: the item as it is now, so open lists update in place. */
  files: FileChangePush;
  /** A share the user made or received was created, revoked or opened. */
  shares: ChangePush;
  /** The account's plan changed (a trial started, a plan switched, a trial ended): its features and storage limit. */
  plan: ChangePush;
  /** A notification for the user. */
  notifications: ChangePush;
  /** Someone joined, left, was invited, declined or was given another role: `itemId` is the member (or the invitation, or the role). */
  team: TeamPush;
  /** The company name, logo or colours were saved. */
  branding: ChangePush;
}

export type RealtimeChannel = keyof RealtimeChannels;

/** One push: its channel and what that channel carries. */
export type RealtimePush<C extends RealtimeChannel = RealtimeChannel> = { [K in C]: { channel: K; data: RealtimeChannels[K] } }[C];

/** Every channel once (a record, so that a channel added to the map must be added here too). */
const CHANNELS: Record<RealtimeChannel, true> = { files: true, shares: true, plan: true, notifications: true, team: true, branding: true };

/** Whether an SSE event name is one of the realtime channels (the keep-alive `ping` is not). */
export function isRealtimeChannel(name: string): name is RealtimeChannel {
  return Object.prototype.hasOwnProperty.call(CHANNELS, name);
}
