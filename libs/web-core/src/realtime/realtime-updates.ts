import type { Dispatch } from '@reduxjs/toolkit';
import { isRealtimeChannel, type FileChangePush, type RealtimeChannel, type RealtimeChannels } from '@coffer/contracts';
import { getAccessToken, getSession, refreshSession, settledRefresh } from '@coffer/web-core';
import { API_BASE_URL } from '../api/api-base-url';
import { ACCOUNT_TAGS, cofferApi, type CofferTagType } from '../api/coffer-api';
import { dispatchFileChange } from './file-changes';
import { createSseParser } from './sse-parser';

const EVENTS_URL = `${API_BASE_URL}/events`;

/** What a push about files makes stale: the lists, folder paths and counts, the storage meter, the activity log. */
export const FILE_CHANGE_TAGS: readonly CofferTagType[] = ['File', 'Folder', 'Storage', 'Activity'];

/** Which tags each channel's push makes stale. */
const TAGS_BY_CHANNEL: Record<RealtimeChannel, readonly CofferTagType[]> = {
  files: FILE_CHANGE_TAGS,
  // A share made or revoked: a folder shared with the user opens, or stops opening, at once.
  shares: ['Share', 'Activity', 'File', 'Folder'],
  notifications: ['Notification'],
  // The account's plan changed: its features and storage limit.
  plan: ['Plan', 'Storage'],
  // Someone joined, left, was invited or was given another role: the team and permissions lists.
  team: ['Team', 'Roles', 'Invitation'],
  // The company name, logo or colours were saved.
  branding: ['Branding'],
};

/**
 * What the browser does with a push of each channel of the contract (RealtimeChannels), given its data as
 * read from the stream: not trusted, so any field may be missing (and the whole of it, when it is not JSON).
 */
export type PushHandlers = { [C in RealtimeChannel]: (data: Partial<RealtimeChannels[C]> | undefined) => void };

/** A push's data as an object, or undefined when it is not one. */
function dataOf(data: string): object | undefined {
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === 'object' && parsed !== null ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Hands one message of the stream to the handler of its channel; the keep-alive and names the contract does not have are left. */
export function routePush(event: string, data: string, handlers: PushHandlers): void {
  if (!isRealtimeChannel(event)) return;
  (handlers[event] as (data: object | undefined) => void)(dataOf(data));
}

/** Whether a pushed change to a file carries the item (open lists then update in place). */
function carriesItem(change: Partial<FileChangePush> | undefined): change is FileChangePush {
  return typeof change?.itemId === 'string' && typeof change.type === 'string' && change.item?.id === change.itemId;
}

/**
 * A file push that carries its item updates the open lists in place; a team push about the signed-in
 * user themself (their account or role changed) calls `onOwnMembershipChange`; every other push makes
 * its channel's tags stale.
 */
function pushHandlers(dispatch: Dispatch, invalidate: (tags: readonly CofferTagType[]) => void, onOwnMembershipChange: () => void): PushHandlers {
  return {
    files: (change) => (carriesItem(change) ? dispatchFileChange(dispatch, change) : invalidate(TAGS_BY_CHANNEL.files)),
    shares: () => invalidate(TAGS_BY_CHANNEL.shares),
    notifications: () => invalidate(TAGS_BY_CHANNEL.notifications),
    plan: () => invalidate(TAGS_BY_CHANNEL.plan),
    team: (push) => (push && push.itemId === getSession().user?.id ? onOwnMembershipChange() : invalidate(TAGS_BY_CHANNEL.team)),
    branding: () => invalidate(TAGS_BY_CHANNEL.branding),
  };
}

/**
 * How long a stream may stay silent before it is given up and opened again: the gateway pings every 25 s,
 * so this is two pings missed and then some (a connection that died without a word, somewhere between).
 */
export const SILENCE_LIMIT_MS = 60_000;

/** Calls `onSilent` once when `heard` was not called for `limitMs`; `stop` ends the watch. */
export function watchSilence(limitMs: number, onSilent: () => void): { heard: () => void; stop: () => void } {
  let timer = setTimeout(onSilent, limitMs);
  return {
    heard: () => {
      clearTimeout(timer);
      timer = setTimeout(onSilent, limitMs);
    },
    stop: () => clearTimeout(timer),
  };
}

/** Reconnect delays: 1 s doubling up to 30 s, with jitter so many tabs do not return at once. */
export function reconnectDelayMs(failures: number, random = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.75 + random() * 0.5));
}

/**
 * Follows GET /api/events (Server-Sent Events) for the signed-in user: a change
 * to a file updates the open lists in place; other pushes invalidate the RTK
 * Query tags they make stale, so lists, the storage meter, the activity log,
 * the team and the branding refresh in every open tab and browser; a change to
 * the user's own account or role renews the session (what they may do changes
 * at once). EventSource
 * cannot send the Bearer header, so the stream is read with fetch; a 401
 * refreshes the session, anything else reconnects with backoff, and so does a
 * stream that ends, breaks or stays silent past two pings. After a
 * reconnect everything is refetched once: pushes may have been missed.
 * Returns the function that stops it.
 */
export function startRealtimeUpdates(dispatch: Dispatch): () => void {
  let stopped = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let connectedBefore = false;

  const invalidate = (tags: readonly CofferTagType[]) => dispatch(cofferApi.util.invalidateTags([...tags]));

  const scheduleReconnect = () => {
    if (stopped) return;
    failures += 1;
    timer = setTimeout(() => void connect(), reconnectDelayMs(failures));
  };

  async function connect(): Promise<void> {
    if (stopped) return;
    await settledRefresh();
    const token = getAccessToken();
    if (!token) {
      scheduleReconnect();
      return;
    }
    const aborter = new AbortController();
    controller = aborter;
    let silence: ReturnType<typeof watchSilence> | undefined;
    try {
      const response = await fetch(EVENTS_URL, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        cache: 'no-store',
        signal: controller.signal,
      });
      if (response.status === 401) {
        // The token expired: one refresh (shared with the API calls), then straight back.
        const outcome = await refreshSession();
        if (outcome === 'signed-out') return;
        scheduleReconnect();
        return;
      }
      if (!response.ok || !response.body) {
        scheduleReconnect();
        return;
      }
      failures = 0;
      if (connectedBefore) invalidate(FILE_CHANGE_TAGS);
      connectedBefore = true;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let membershipChanged = false;
      const handlers = pushHandlers(dispatch, invalidate, () => {
        membershipChanged = true;
      });
      const feed = createSseParser();
      // Nothing heard for too long: the read fails (aborted) and the stream is opened again.
      silence = watchSilence(SILENCE_LIMIT_MS, () => aborter.abort());
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        silence.heard();
        for (const message of feed(value)) routePush(message.event, message.data, handlers);
      }
      if (membershipChanged) {
        // The user joined or left an account or has another role: the token says the old one. The server
        // ended the stream; a renewed session sees the account as it is now, and so does a new stream.
        const outcome = await refreshSession();
        if (outcome === 'signed-out') return;
        // Refetched either way: after a refresh that failed, the calls meet the old token's 401 and renew it themselves.
        invalidate(ACCOUNT_TAGS);
        void connect();
        return;
      }
      // The server closed the stream (a deploy, an idle proxy): come back.
      scheduleReconnect();
    } catch {
      if (!stopped) scheduleReconnect();
    } finally {
      silence?.stop();
    }
  }

  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
  };
}
