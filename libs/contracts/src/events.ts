/** The JetStream stream that holds every domain event. */
export const EVENTS_STREAM = 'COFFER_EVENTS';
export const EVENTS_SUBJECT_PREFIX = 'events.';

/** Envelope of every domain event; consumers are idempotent by `id`. */
export interface DomainEvent<T> {
  id: string;
  type: string;
  occurredAt: string;
  accountId: string;
  actorId: string;
  correlationId?: string;
  /** The client's address and user agent, when a person's request led to the event. */
  clientIp?: string;
  userAgent?: string;
  payload: T;
}
