/**
 * Tells the other tabs of this browser that the session changed, so a sign-out
 * in one tab signs them all out and a sign-in lets them pick the session up.
 */
export const SESSION_CHANNEL_NAME = 'coffer-session';

export type SessionMessage = { type: 'signed-out' } | { type: 'signed-in'; userId: string };

let channel: BroadcastChannel | null | undefined;

function sessionChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SESSION_CHANNEL_NAME);
  }
  return channel;
}

/** Sends a message to the other tabs (never to this one). */
export function broadcastSession(message: SessionMessage): void {
  sessionChannel()?.postMessage(message);
}

function isSessionMessage(data: unknown): data is SessionMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, userId } = data as { type?: unknown; userId?: unknown };
  return type === 'signed-out' || (type === 'signed-in' && typeof userId === 'string');
}

/** Calls `listener` with each message another tab sends; returns the unsubscribe function. */
export function onSessionMessage(listener: (message: SessionMessage) => void): () => void {
  const target = sessionChannel();
  if (!target) return () => undefined;
  const handle = (event: MessageEvent) => {
    if (isSessionMessage(event.data)) listener(event.data);
  };
  target.addEventListener('message', handle);
  return () => target.removeEventListener('message', handle);
}
