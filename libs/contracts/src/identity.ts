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
  /** The account requires two-factor and the user has no factor yet: only its setup is allowed. */
  twoFactorSetupPending?: boolean;
  /** The user's membership version when the access token was issued (a newer one means its account or role changed since). */
  membershipVersion?: number;
}

/**
 * What travels beside every request's payload, in NATS headers: the caller
 * (absent on public routes) and the client's address and user agent as the
 * gateway saw them. A service never reads these from a payload.
 */
export interface RequestMeta {
  caller?: CallerIdentity;
  clientIp?: string;
  userAgent?: string;
}

/** NATS header names that carry the request's metadata and the correlation id between processes. */
export const Header = {
  CorrelationId: 'x-correlation-id',
  Caller: 'x-coffer-caller',
  ClientIp: 'x-coffer-client-ip',
  UserAgent: 'x-coffer-user-agent',
} as const;
