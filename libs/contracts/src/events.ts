/** The JetStream stream that holds every domain event. */
export const EVENTS_STREAM = 'COFFER_EVENTS';
export const EVENTS_SUBJECT_PREFIX = 'events.';

/** The JetStream stream where an event a consumer could not handle is parked, with its error. */
export const DEAD_LETTER_STREAM = 'COFFER_DEAD_LETTERS';
/** A parked event's subject: `dead-letters.<consumer>.<event type>`. */
export const DEAD_LETTER_SUBJECT_PREFIX = 'dead-letters.';

/** An event a service's consumer gave up on: what it is, who failed it, how, and how often. */
export interface DeadLetter {
  /** The event's subject (its type). */
  subject: string;
  /** The consumer (service) that failed to handle it. */
  consumer: string;
  /** The last attempt's error message. */
  error: string;
  /** How many times it was delivered before it was parked. */
  deliveryCount: number;
  parkedAt: string;
  /** The event as it was published (its text, when it was not JSON). */
  event: DomainEvent<unknown> | string;
}

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
