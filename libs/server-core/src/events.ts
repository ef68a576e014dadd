import { randomUUID } from 'node:crypto';
import { connect, headers as natsHeaders, nanos, type NatsConnection } from '@nats-io/transport-node';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
  type ConsumerMessages,
  type JetStreamClient,
  type JsMsg,
} from '@nats-io/jetstream';
import {
  DEAD_LETTER_STREAM,
  DEAD_LETTER_SUBJECT_PREFIX,
  EVENTS_STREAM,
  EVENTS_SUBJECT_PREFIX,
  Header,
  type DeadLetter,
  type DomainEvent,
  type DomainEvents,
  type EventMap,
} from '@coffer/contracts';
import type { LoggerService } from '@nestjs/common';
import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import { outbox, processedEvents } from './db-schema.js';
import type { Database } from './database.js';
import { currentRequestContext, withRequestContext } from './logging.js';
import { noSpaceReason, noteStorageFailure, NO_SPACE_LEFT } from './disk-space.js';
import type { ServiceMetrics } from './management.js';
import { natsConnectionOptions, type NatsSettings } from './nats.js';
import { currentUnitOfWork, inUnitOfWork } from './unit-of-work.js';

/** Handles one event inside the unit of work that also records it as processed (repositories called in it use its transaction). */
export type EventHandler<T = unknown> = (event: DomainEvent<T>) => Promise<void>;

/** What a publisher says; the bus adds the id, type and time. */
export type NewEvent<T> = Pick<DomainEvent<T>, 'accountId' | 'actorId' | 'payload'> & { id?: string };

/** How long a delivered event may stay unacknowledged before it is delivered again (to another instance, after a crash). */
const ACK_WAIT_MS = 10_000;
/** How many times an event is delivered to a consumer whose handler keeps failing before it is parked in the dead-letter stream. */
const MAX_DELIVERIES = 10;
/** The first retry's delay; each next one doubles, up to 30 s (with 10 deliveries an event is parked about 2.5 minutes after its first failure). */
const RETRY_DELAY_MS = 500;
/**
 * Deliveries the server allows beyond ours: the event whose parking failed (NATS away at that moment)
 * comes once or twice more instead of being dropped, and a poison event that crashes the process on
 * every delivery (so it is never parked) still stops coming.
 */
const SPARE_DELIVERIES = 2;
/** How long a parked event is kept in the dead-letter stream. */
const DEAD_LETTER_MAX_AGE_MS = 30 * 24 * 3600_000;
/** While the database is away, how often a handler whose transaction failed looks whether it is back. */
const DATABASE_RETRY_MS = 1000;

export interface EventBusOptions {
  /** How to reach NATS (the process's settings, or a URL alone). */
  nats: NatsSettings | string;
  /** The durable consumer's name: the service's name, one consumer per service. */
  consumer: string;
  logger: LoggerService;
  /** How long a delivered event may stay unacknowledged before it is redelivered. */
  ackWaitMs?: number;
  /** Counts each event handled, by type and outcome (GET /metrics of the management port). */
  metrics?: ServiceMetrics;
  /** Copies of the events stream a NATS cluster keeps (1 on a single server; 3 on a cluster of 3). */
  streamReplicas?: number;
  /** How often the periodic relay sends what the outbox still holds (a relay after a commit failed, or a process stopped first): 1 s. */
  relayEveryMs?: number;
  /** Deliveries of an event whose handler keeps failing before it is parked in the dead-letter stream (10). */
  maxDeliveries?: number;
  /** The first retry's delay after a handler failed; each next one doubles, up to 30 s (500 ms). */
  retryDelayMs?: number;
}

/** The correlation id, and the client's IP and user agent when a person's request led here (the audit log shows them). */
function requestOrigin(): Pick<DomainEvent<unknown>, 'correlationId' | 'clientIp' | 'userAgent'> {
  const ctx = currentRequestContext();
  return { correlationId: ctx?.correlationId, ...(ctx?.clientIp && { clientIp: ctx.clientIp }), ...(ctx?.userAgent && { userAgent: ctx.userAgent }) };
}

/**
 * Domain events on JetStream: publish with a message id (the server drops
 * duplicates), consume through the service's durable consumer, ack only after
 * the handler's transaction committed, redeliver on failure with a growing
 * delay, and never run a handler twice for the same event id. An event whose
 * handler still fails after `maxDeliveries` deliveries is parked in the
 * dead-letter stream with its error, and the events after it flow on; while
 * the database is away an event waits for it instead (its deliveries are not
 * spent on an outage).
 */
export class EventBus<M extends EventMap = DomainEvents> {
  /** Every handler of each event type; one event runs all of its handlers in one transaction. */
  private readonly handlers = new Map<string, EventHandler[]>();
  private messages?: ConsumerMessages;
  private loop?: Promise<void>;
  private db?: Database;
  private relayTimer?: NodeJS.Timeout;
  private relaying?: Promise<void>;
  /** A relay was asked for while one ran: it runs once more. */
  private relayAgain = false;
  /** Closing: a relay under way finishes its round and does not start another. */
  private closing = false;
  /** Whether the connection to NATS is up right now (it reconnects by itself while away). */
  private connected = true;
  /** Set when the consumer's loop ended (its messages closed): events no longer arrive. */
  private loopEnded = false;
  /** What each instance hears of an event type (`watch`), every instance alike. */
  private readonly watchers = new Map<string, ((event: DomainEvent<unknown>) => void)[]>();
  private watching?: ConsumerMessages;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly opts: EventBusOptions,
  ) {
    void (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect' || status.type === 'reconnecting') this.connected = false;
        if (status.type === 'reconnect') this.connected = true;
      }
    })().catch(() => undefined);
  }

  /** Whether NATS is reachable now (readiness). */
  natsConnected(): boolean {
    return this.connected && !this.nc.isClosed();
  }

  /** Whether the service's durable consumer is running (readiness): started, and its loop not ended. */
  consuming(): boolean {
    return this.messages !== undefined && !this.loopEnded;
  }

  /** Connects to JetStream; `M` maps each event type to its payload (Coffer's events unless a test declares its own). */
  static async connect<M extends EventMap = DomainEvents>(opts: EventBusOptions): Promise<EventBus<M>> {
    const nc = await connect(natsConnectionOptions(opts.nats, `${opts.consumer}-events`));
    const bus = new EventBus<M>(nc, jetstream(nc), opts);
    await bus.ensureStream();
    return bus;
  }

  /** Creates the events stream if it does not exist yet, or sets its replicas as configured; safe to call from every replica. */
  private async ensureStream() {
    const jsm = await jetstreamManager(this.nc);
    await this.ensureDeadLetterStream(jsm);
    const config = {
      name: EVENTS_STREAM,
      subjects: [`${EVENTS_SUBJECT_PREFIX}>`],
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      duplicate_window: nanos(2 * 60_000),
      max_age: nanos(7 * 24 * 3600_000),
      num_replicas: this.opts.streamReplicas ?? 1,
    };
    const existing = await jsm.streams.info(EVENTS_STREAM).catch(() => undefined);
    if (existing) {
      // Replicas raised (or lowered) in the settings: a stream of more copies than the cluster has servers fails here, loudly.
      if (existing.config.num_replicas !== config.num_replicas) await jsm.streams.update(EVENTS_STREAM, { num_replicas: config.num_replicas });
      return;
    }
    await jsm.streams.add(config).catch(async (err: unknown) => {
      // Another replica may have created it between our two calls.
      await jsm.streams.info(EVENTS_STREAM).catch(() => {
        throw err;
      });
    });
  }

  /** The stream of parked events: one per installation, created by the first service up. */
  private async ensureDeadLetterStream(jsm: Awaited<ReturnType<typeof jetstreamManager>>) {
    if (await jsm.streams.info(DEAD_LETTER_STREAM).catch(() => undefined)) return;
    await jsm.streams
      .add({
        name: DEAD_LETTER_STREAM,
        subjects: [`${DEAD_LETTER_SUBJECT_PREFIX}>`],
        storage: StorageType.File,
        retention: RetentionPolicy.Limits,
        duplicate_window: nanos(2 * 60_000),
        max_age: nanos(DEAD_LETTER_MAX_AGE_MS),
        num_replicas: this.opts.streamReplicas ?? 1,
      })
      .catch(async (err: unknown) => {
        await jsm.streams.info(DEAD_LETTER_STREAM).catch(() => {
          throw err;
        });
      });
  }

  private envelope<T>(type: string, event: NewEvent<T>): DomainEvent<T> {
    if (!type.startsWith(EVENTS_SUBJECT_PREFIX)) throw new Error(`Event subject must start with ${EVENTS_SUBJECT_PREFIX}: ${type}`);
    return {
      id: event.id ?? randomUUID(),
      type,
      occurredAt: new Date().toISOString(),
      accountId: event.accountId,
      actorId: event.actorId,
      ...requestOrigin(),
      payload: event.payload,
    };
  }

  private async send(event: DomainEvent<unknown>) {
    const h = natsHeaders();
    if (event.correlationId) h.set(Header.CorrelationId, event.correlationId);
    await this.js.publish(event.type, JSON.stringify(event), { msgID: event.id, headers: h });
  }

  /** Publishes an event at once; resolves once JetStream has stored it. For events no transaction announces. */
  async publish<E extends keyof M & string>(type: E, event: NewEvent<M[E]>): Promise<DomainEvent<M[E]>> {
    const full = this.envelope(type, event);
    await this.send(full);
    return full;
  }

  /**
   * Records an event in the outbox inside the open unit of work, the one of
   * the change it announces (throws outside one). It is relayed to JetStream
   * as soon as that unit committed, without the caller waiting for JetStream:
   * once committed the change is made and its events are on their way (a relay
   * that fails, NATS away or slow, is retried by the periodic relay), so a
   * person never makes again what was made (a second share, a second email),
   * and no write waits on a publish's acknowledgement. A unit that rolls back
   * takes its events with it.
   */
  async record<E extends keyof M & string>(type: E, event: NewEvent<M[E]>): Promise<DomainEvent<M[E]>> {
    const unit = currentUnitOfWork('Recording an event');
    const full = this.envelope(type, event);
    await unit.tx.insert(outbox).values({ id: full.id, subject: type, event: full });
    this.relayAfterCommit(unit);
    return full;
  }

  /** Records events of one type in the outbox in one statement (a change to many items at once): as `record`, each event its own. */
  async recordAll<E extends keyof M & string>(type: E, events: NewEvent<M[E]>[]): Promise<void> {
    if (events.length === 0) return;
    const unit = currentUnitOfWork('Recording events');
    const full = events.map((event) => this.envelope(type, event));
    await unit.tx.insert(outbox).values(full.map((e) => ({ id: e.id, subject: type, event: e })));
    this.relayAfterCommit(unit);
  }

  private relayAfterCommit(unit: ReturnType<typeof currentUnitOfWork>) {
    unit.afterCommit(this, () => {
      this.relay().catch((err) =>
        this.opts.logger.warn({ msg: 'Outbox relay failed after a commit; the periodic relay will send it', error: String(err) }, 'EventBus'),
      );
    });
  }

  /**
   * Publishes what the outbox holds, oldest first; safe to call often and from
   * every replica. Called while a relay runs, it runs again after that one (and
   * resolves then): what committed meanwhile is not left to the periodic relay.
   */
  relay(): Promise<void> {
    if (this.relaying) {
      this.relayAgain = true;
      return this.relaying;
    }
    this.relaying = (async () => {
      try {
        do {
          this.relayAgain = false;
          await this.relayPending();
        } while (this.relayAgain && !this.closing);
      } finally {
        // At once, in the same step as the last look at relayAgain: a call after it starts a new relay.
        this.relaying = undefined;
      }
    })();
    return this.relaying;
  }

  private async relayPending() {
    const db = this.db;
    if (!db) return;
    for (;;) {
      const published = await db.transaction(async (tx) => {
        const pending = await tx
          .select()
          .from(outbox)
          .where(isNull(outbox.publishedAt))
          .orderBy(asc(outbox.createdAt))
          .limit(100)
          .for('update', { skipLocked: true });
        for (const row of pending) await this.send(row.event as DomainEvent<unknown>);
        if (pending.length) {
          await tx
            .update(outbox)
            .set({ publishedAt: new Date() })
            .where(
              and(
                inArray(
                  outbox.id,
                  pending.map((r) => r.id),
                ),
                isNull(outbox.publishedAt),
              ),
            );
        }
        return pending.length;
      });
      if (published < 100) return;
    }
  }

  /** Adds a handler of one event type (several parts of a service may handle the same event); call before `start`. */
  on<E extends keyof M & string>(type: E, handler: EventHandler<M[E]>) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler as EventHandler]);
  }

  /**
   * Tells this instance of every event of `type` published from now on (an ordered consumer of its own, no
   * acknowledgement, no transaction): for what each replica keeps in memory, which the durable consumer (one
   * replica per event) cannot clear everywhere. Missed while NATS is away: keep such memory short-lived too.
   * Call before `start`.
   */
  watch<E extends keyof M & string>(type: E, listener: (event: DomainEvent<M[E]>) => void) {
    this.watchers.set(type, [...(this.watchers.get(type) ?? []), listener as (event: DomainEvent<unknown>) => void]);
  }

  private async startWatching() {
    if (this.watchers.size === 0) return;
    const types = [...this.watchers.keys()];
    // One subject, or every event (a consumer of several subjects needs NATS 2.10; Debian ships 2.9).
    const filter = types.length === 1 ? types[0] : `${EVENTS_SUBJECT_PREFIX}>`;
    const consumer = await this.js.consumers.get(EVENTS_STREAM, { filter_subjects: filter, deliver_policy: DeliverPolicy.New });
    this.watching = await consumer.consume();
    const messages = this.watching;
    void (async () => {
      for await (const msg of messages) {
        for (const listener of this.watchers.get(msg.subject) ?? []) {
          try {
            listener(msg.json<DomainEvent<unknown>>());
          } catch (err) {
            this.opts.logger.warn({ msg: 'An event watcher failed', type: msg.subject, error: errorMessage(err) }, 'EventBus');
          }
        }
      }
    })().catch(() => undefined);
  }

  /** Starts the durable consumer and the outbox relay; events published while the service was down arrive now. */
  async start(db: Database) {
    this.db = db;
    this.relayTimer = setInterval(() => {
      this.relay().catch((err) => this.opts.logger.warn({ msg: 'Outbox relay failed; it will retry', error: String(err) }, 'EventBus'));
    }, this.opts.relayEveryMs ?? 1000);
    await this.relay();
    const jsm = await jetstreamManager(this.nc);
    const durable = this.opts.consumer;
    const config = {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: `${EVENTS_SUBJECT_PREFIX}>`,
      // Events a crashed instance had received come again after this: short, as handlers only write rows.
      ack_wait: nanos(this.opts.ackWaitMs ?? ACK_WAIT_MS),
      // Bounded: we park an event after maxDeliveries; the server's bound, a little further, is the backstop.
      max_deliver: this.maxDeliveries + SPARE_DELIVERIES,
    };
    const existing = await jsm.consumers.info(EVENTS_STREAM, durable).catch(() => undefined);
    if (!existing) await jsm.consumers.add(EVENTS_STREAM, config);
    else if (existing.config.ack_wait !== config.ack_wait || existing.config.max_deliver !== config.max_deliver) {
      // A consumer made before retries were bounded (max_deliver -1) gets the bound too.
      await jsm.consumers.update(EVENTS_STREAM, durable, { ack_wait: config.ack_wait, max_deliver: config.max_deliver });
    }
    await this.startWatching();
    const consumer = await this.js.consumers.get(EVENTS_STREAM, durable);
    // The consumer's lag, for the metrics: what the stream holds that it has not acknowledged yet.
    if (this.opts.metrics)
      this.opts.metrics.pendingEvents = async () => {
        const info = await jsm.consumers.info(EVENTS_STREAM, durable);
        return info.num_pending + info.num_ack_pending;
      };
    this.messages = await consumer.consume({ max_messages: 64 });
    const messages = this.messages;
    this.loop = (async () => {
      for await (const msg of messages) await this.dispatch(msg, db);
    })().finally(() => {
      this.loopEnded = true;
    });
  }

  private async dispatch(msg: JsMsg, db: Database) {
    const handlers = this.handlers.get(msg.subject);
    if (!handlers) {
      msg.ack();
      return;
    }
    let event: DomainEvent<unknown>;
    try {
      event = msg.json<DomainEvent<unknown>>();
    } catch {
      await this.park(msg, msg.string(), 'The event is not JSON');
      return;
    }
    // Events recorded while handling this one carry its correlation id and the client it came from.
    await withRequestContext({ correlationId: event.correlationId ?? event.id, clientIp: event.clientIp, userAgent: event.userAgent }, async () => {
      for (;;) {
        try {
          await this.handle(event, handlers, db);
          msg.ack();
          this.opts.metrics?.events.inc({ type: event.type, outcome: 'handled' });
          void this.relay().catch(() => undefined);
          return;
        } catch (err) {
          // The database is away: not this event's fault. It waits here (the consumer with it) and is tried again once the database answers.
          if (await this.waitForDatabase(msg, db)) continue;
          if (this.closing) return msg.nak(); // stopped while it waited: another instance (or this one, restarted) takes it
          await this.failed(msg, event, err);
          return;
        }
      }
    });
  }

  /** Runs every handler of `event` in one unit of work that also records it as processed (a redelivery of a handled event does nothing). */
  private async handle(event: DomainEvent<unknown>, handlers: EventHandler[], db: Database) {
    await inUnitOfWork(db, async () => {
      const { tx } = currentUnitOfWork('Handling an event');
      const fresh = await tx
        .insert(processedEvents)
        .values({ consumer: this.opts.consumer, eventId: event.id })
        .onConflictDoNothing()
        .returning({ eventId: processedEvents.eventId });
      if (fresh.length === 0) return; // already handled: a redelivery
      for (const handler of handlers) await handler(event);
    });
  }

  /**
   * When the database does not answer, waits until it does (telling JetStream the event is still being
   * worked on, so it is not redelivered meanwhile) and returns true; false at once when it answers (the
   * handler itself failed) or when the bus is closing.
   */
  private async waitForDatabase(msg: JsMsg, db: Database): Promise<boolean> {
    const answers = () =>
      db.execute(sql`select 1`).then(
        () => true,
        () => false,
      );
    if (await answers()) return false;
    this.opts.logger.warn({ msg: 'The database does not answer; events wait for it', type: msg.subject }, 'EventBus');
    while (!this.closing) {
      msg.working();
      await new Promise((resolve) => setTimeout(resolve, DATABASE_RETRY_MS));
      if (await answers()) return true;
    }
    return false;
  }

  private get maxDeliveries() {
    return this.opts.maxDeliveries ?? MAX_DELIVERIES;
  }

  /** A handler failed: redelivered later (each time later), or parked once it failed `maxDeliveries` times. */
  private async failed(msg: JsMsg, event: DomainEvent<unknown>, err: unknown) {
    const attempt = msg.info.deliveryCount;
    const noSpace = noteStorageFailure(err);
    const error = (noSpace && noSpaceReason(err)) || errorMessage(err);
    this.opts.metrics?.events.inc({ type: event.type, outcome: 'failed' });
    if (attempt >= this.maxDeliveries) {
      await this.park(msg, event, error);
      return;
    }
    this.opts.logger[noSpace ? 'error' : 'warn'](
      {
        msg: noSpace ? `Event handler failed: ${NO_SPACE_LEFT}; it will be redelivered` : 'Event handler failed; it will be redelivered',
        type: event.type,
        eventId: event.id,
        attempt,
        error,
      },
      'EventBus',
    );
    msg.nak(Math.min(30_000, (this.opts.retryDelayMs ?? RETRY_DELAY_MS) * 2 ** Math.min(attempt - 1, 6)));
  }

  /**
   * Parks an event the consumer gave up on in the dead-letter stream, with its error, and ends its
   * deliveries: the events after it flow on. If parking fails it is redelivered (the server allows a
   * few deliveries more than we do) and parked then.
   */
  private async park(msg: JsMsg, event: DomainEvent<unknown> | string, error: string) {
    const consumer = this.opts.consumer;
    const letter: DeadLetter = { subject: msg.subject, consumer, error, deliveryCount: msg.info.deliveryCount, parkedAt: new Date().toISOString(), event };
    const eventId = typeof event === 'string' ? `seq-${msg.seq}` : event.id;
    try {
      await this.js.publish(`${DEAD_LETTER_SUBJECT_PREFIX}${consumer}.${msg.subject}`, JSON.stringify(letter), { msgID: `${consumer}:${eventId}` });
    } catch (parkErr) {
      this.opts.logger.warn(
        { msg: 'Could not park an event in the dead-letter stream; it will be redelivered', type: msg.subject, eventId, error: errorMessage(parkErr) },
        'EventBus',
      );
      msg.nak(DATABASE_RETRY_MS);
      return;
    }
    msg.term(error.slice(0, 200));
    this.opts.metrics?.deadLetters.inc({ type: msg.subject });
    this.opts.logger.error(
      {
        msg: 'Event parked in the dead-letter stream after its handler kept failing',
        stream: DEAD_LETTER_STREAM,
        type: msg.subject,
        eventId,
        consumer,
        deliveries: letter.deliveryCount,
        error,
      },
      'EventBus',
    );
  }

  async close() {
    this.closing = true;
    clearInterval(this.relayTimer);
    await this.relaying?.catch(() => undefined);
    await this.messages?.close().catch(() => undefined);
    await this.watching?.close().catch(() => undefined);
    await this.loop?.catch(() => undefined);
    await this.nc.drain().catch(() => undefined);
  }
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
