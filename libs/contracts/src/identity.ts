/** Who is calling: set by the gateway from the verified session, carried in NATS headers. */
export interface CallerIdentity {
  userId: string;
  accountId: string;
  role: 'owner' | 'admin' | 'moderator' | 'member';
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

/**
 * The one development identity the gateway uses before sign-in exists. Never
 * used when NODE_ENV is production; the accounts issue replaces it with sessions.
 */
export const DEV_IDENTITY: CallerIdentity = {
  userId: '00000000-0000-4000-8000-00000000c0ff',
  accountId: '00000000-0000-4000-8000-00000000acc7',
  role: 'owner',
};
export const DEV_USER = { email: 'dev@coffer.local', fullName: 'Coffer Developer' } as const;
