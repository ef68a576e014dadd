/** Who is calling: set by the gateway from the verified session, carried in NATS headers. */
export interface CallerIdentity {
  userId: string;
  accountId: string;
  role: 'owner' | 'admin' | 'moderator' | 'member';
  /** The session (refresh-token family member) the access token was issued for. */
  sessionId?: string;
  /** Assurance level of the session: aal2 after a verified second factor. */
  aal?: 'aal1' | 'aal2';
  /** aal1 of a user with a verified factor: only the second step of sign-in is allowed. */
  mfaPending?: boolean;
  clientIp?: string;
}

/** NATS header names that carry the caller and the correlation id between processes. */
export const Header = {
  CorrelationId: 'x-correlation-id',
  Caller: 'x-coffer-caller',
} as const;

/** Every request/reply message: the payload plus who asked. */
export interface Envelope<T> {
  caller?: CallerIdentity;
  correlationId?: string;
  payload: T;
}
