import { z } from 'zod';
import { message } from './messages.js';
import { isoDateTime, okReplySchema } from './text.js';

/** Request/reply subjects of the signed-in browsers (sessions) a person sees and ends; answered by the auth service. */
export const DevicesSubject = {
  /** The caller's own sessions, the current one marked. */
  ListSessions: 'auth.devices.list',
  /** Ends one of the caller's own sessions (signs that browser out). */
  EndSession: 'auth.devices.end',
  /** Ends every session of the caller but the current one. */
  EndOtherSessions: 'auth.devices.end-others',
  /** An owner or admin ends every session of a member of their account. */
  SignMemberOut: 'auth.devices.sign-member-out',
} as const;

/** Events of ended sessions, for the audit log (gateways hear SessionsRevoked). */
export const DevicesEvent = {
  /** Sessions ended on purpose from Settings → Security or the Team list (not a sign-out of one's own browser). */
  SessionsEnded: 'events.auth.devices.sessions-ended',
  /** A person signed in from a browser their account had not seen: they get a security alert (always sent). */
  NewBrowserSignedIn: 'events.auth.devices.new-browser-signed-in',
} as const;

/** The query parameter of Settings → Security that points at one session (the security alert's link). */
export const SESSION_PARAM = 'session';

export const SESSION_NOT_FOUND = 'Session not found';
export const MEMBER_NOT_FOUND = 'Team member not found';

/** One signed-in browser of the caller, as Settings → Security lists it. */
export const deviceSessionSchema = z.object({
  /** Stays the same while the browser renews its tokens. */
  id: z.uuid(),
  /** The browser and system read from the user agent, e.g. "Chrome on Windows"; "Unknown browser" without one. */
  browser: z.string(),
  ipAddress: z.string().nullable(),
  signedInAt: isoDateTime(),
  lastUsedAt: isoDateTime(),
  /** The browser the request came from. */
  current: z.boolean(),
});
export type DeviceSession = z.output<typeof deviceSessionSchema>;
export const listSessionsReplySchema = z.object({ items: z.array(deviceSessionSchema) });
export type ListSessionsReply = z.output<typeof listSessionsReplySchema>;
export const endSessionSchema = z.object({ id: z.uuid({ error: SESSION_NOT_FOUND }) });
export const signMemberOutSchema = z.object({ id: z.uuid({ error: MEMBER_NOT_FOUND }) });
export const endedSessionsReplySchema = z.object({ ended: z.number().int().describe('how many sessions ended') });
export type EndedSessionsReply = z.output<typeof endedSessionsReplySchema>;

/** Who ended sessions, whose, and which. */
export interface SessionsEnded {
  userId: string;
  email: string;
  /** one: a session chosen in the list; others: all but the caller's; everywhere: an owner or admin signed a member out. */
  scope: 'one' | 'others' | 'everywhere';
  /** The browser of the one session ended. */
  browser?: string;
  count: number;
}

/** A sign-in from a browser not seen before on the account: which, from where, when, and the session to end if it was not them. */
export interface NewBrowserSignedIn {
  userId: string;
  email: string;
  fullName: string;
  /** The session's id as Settings → Security lists it. */
  sessionId: string;
  browser: string;
  ipAddress: string | null;
  signedInAt: string;
}

export interface DevicesEvents {
  [DevicesEvent.SessionsEnded]: SessionsEnded;
  [DevicesEvent.NewBrowserSignedIn]: NewBrowserSignedIn;
}

const noPayload = z.object({});

export const devicesRequests = {
  [DevicesSubject.ListSessions]: message(noPayload, listSessionsReplySchema),
  [DevicesSubject.EndSession]: message(endSessionSchema, okReplySchema),
  [DevicesSubject.EndOtherSessions]: message(noPayload, endedSessionsReplySchema),
  [DevicesSubject.SignMemberOut]: message(signMemberOutSchema, endedSessionsReplySchema),
};
