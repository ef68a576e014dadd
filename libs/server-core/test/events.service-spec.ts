import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { Logger } from '@nestjs/common';
import { connect } from '@nats-io/transport-node';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { DEAD_LETTER_STREAM, DEAD_LETTER_SUBJECT_PREFIX, type DeadLetter, type DomainEvent } from '@coffer/contracts';
import { EventBus, openDatabase, Repository, UnitOfWork, type DatabaseHandle, type EventBusOptions } from '../src/index.js';
import { ServiceMetrics } from '../src/management.js';
import { outbox } from '../src/db-schema.js';
import { DATABASE_KINDS, eventually, freshDatabase, privateNats, testInfra } from '../src/testing.js';

const logger = new Logger('events-test');
logger.warn = () => undefined; // handler failures below are on purpose

/** The test's own events: a random type each, carrying a number. */
type TestEvents = Record<string, { n: number }>;

/** What a handler writes, through the unit of work the bus opened for its event. */
class SideEffects extends Repository {
  write(id: string) {
    return this.db.execute(`insert into processed_events (consumer, event_id) values ('side-effect', '${id}')`);
  }
}

describe.each(DATABASE_KINDS)('durable domain events on %s', (kind) => {
  let database: DatabaseHandle<Record<string, unknown>>;
  const buses: EventBus<TestEvents>[] = [];

  const bus = async (consumer: string, options: Partial<EventBusOptions> = {}) => {
    const b = await EventBus.connect<TestEvents>({ nats: testInfra().natsUrl, consumer, logger, ...options });
    buses.push(b);
    return b;
  };
  /** A producer, and a consumer of `type` noting each payload's number in `seen`, both started on the database. */
  const producerFor = async (type: string, seen: number[], options: Partial<EventBusOptions> = {}) => {
    const consumerBus = await bus(`c${randomUUID().slice(0, 8)}`, options);
    consumerBus.on(type, async (e) => {
      seen.push(e.payload.n);
    });
    await consumerBus.start(database.db);
    const producer = await bus(`p${randomUUID().slice(0, 8)}`, options);
    await producer.start(database.db);
    return producer;
  };
  const event = (n: number, id: string = randomUUID()) => ({ id, accountId: 'acct', actorId: 'user', payload: { n } });

  beforeAll(async () => {
    const target = await freshDatabase(kind);
    // Only the core's own tables: the outbox and processed_events.
    database = await openDatabase({ service: 'events-test', schema: {}, databaseUrl: target.DATABASE_URL, dataDir: target.DATA_DIR });
  });
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
  });
  afterAll(async () => {
    await database.close();
  });

  it('delivers every event published while the consumer was stopped, each exactly once', async () => {
    const type = `events.test.${randomUUID().slice(0, 8)}.happened`;
    const consumer = `c${randomUUID().slice(0, 8)}`;
    const publisher = await bus('publisher');

    // The consumer runs, handles a first batch, then stops.
    const handled: number[] = [];
    const first = await bus(consumer);
    first.on(type, async (e) => {
      handled.push(e.payload.n);
    });
    await first.start(database.db);
    for (let n = 0; n < 5; n++) await publisher.publish(type, event(n));
    await eventually(async () => handled.length === 5);
    await first.close();

    // While it is down, more events are published.
    for (let n = 5; n < 25; n++) await publisher.publish(type, event(n));

    // Back up under the same durable name, it receives exactly the missed ones.
    const second = await bus(consumer);
    second.on(type, async (e) => {
      handled.push(e.payload.n);
    });
    await second.start(database.db);
    await eventually(async () => handled.length >= 25);
    await new Promise((r) => setTimeout(r, 300));
    expect([...handled].sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, n) => n));
  });

  it('redelivers an event whose handler failed, and rolls back what the failed attempt wrote', async () => {
    const type = `events.test.${randomUUID().slice(0, 8)}.failed`;
    const consumer = `c${randomUUID().slice(0, 8)}`;
    const attempts: number[] = [];
    const consumerBus = await bus(consumer);
    const writes = new SideEffects(database.db);
    consumerBus.on(type, async (e) => {
      attempts.push(e.payload.n);
      await writes.write(`${e.id}-attempt-${attempts.length}`);
      if (attempts.length === 1) throw new Error('first attempt fails');
    });
    await consumerBus.start(database.db);
    const published = await (await bus('publisher')).publish(type, event(1));

    // The second attempt's row is there once its transaction committed (not when the handler ran): wait for the row itself.
    const sideEffects = async () => {
      const rows = await database.db.execute(`select event_id from processed_events where consumer = 'side-effect' and event_id like '${published.id}%'`);
      return (rows as unknown as { rows: { event_id: string }[] }).rows.map((r) => r.event_id);
    };
    await eventually(async () => (await sideEffects()).length > 0, 15_000);
    expect(await sideEffects()).toEqual([`${published.id}-attempt-2`]);
    expect(attempts).toEqual([1, 1]);
  });

  it('parks an event whose handler always fails in the dead-letter stream after its deliveries, with its error, and handles the events after it', async () => {
    const type = `events.test.${randomUUID().slice(0, 8)}.poison`;
    const consumer = `c${randomUUID().slice(0, 8)}`;
    const errors: unknown[] = [];
    const quiet = { log: () => undefined, warn: () => undefined, error: (m: unknown) => errors.push(m) };
    const metrics = new ServiceMetrics(consumer);
    const consumerBus = await EventBus.connect<TestEvents>({ nats: testInfra().natsUrl, consumer, logger: quiet, metrics, maxDeliveries: 3, retryDelayMs: 50 });
    buses.push(consumerBus);
    const attempts: number[] = [];
    const handled: number[] = [];
    consumerBus.on(type, async (e) => {
      if (e.payload.n === 0) {
        attempts.push(0);
        throw new Error('the recipient does not exist');
      }
      handled.push(e.payload.n);
    });
    await consumerBus.start(database.db);
    const publisher = await bus('publisher');
    const poison = await publisher.publish(type, event(0));
    for (let n = 1; n <= 5; n++) await publisher.publish(type, event(n));

    // Parked after its 3rd delivery, with the error and the event as published.
    const nc = await connect({ servers: testInfra().natsUrl });
    const jsm = await jetstreamManager(nc);
    const subject = `${DEAD_LETTER_SUBJECT_PREFIX}${consumer}.${type}`;
    const stored = await eventually(() => jsm.streams.getMessage(DEAD_LETTER_STREAM, { last_by_subj: subject }).catch(() => null), 20_000);
    const letter = stored!.json<DeadLetter>();
    expect(letter).toMatchObject({
      subject: type,
      consumer,
      error: 'the recipient does not exist',
      deliveryCount: 3,
      event: { id: poison.id, payload: { n: 0 } },
    });
    expect(attempts).toHaveLength(3);

    // The events after it were handled, and it is counted and logged once.
    await eventually(async () => handled.length === 5);
    expect(handled.sort()).toEqual([1, 2, 3, 4, 5]);
    const counted = await metrics.deadLetters.get();
    expect(counted.values).toEqual([expect.objectContaining({ labels: { type }, value: 1 })]);
    expect(errors).toEqual([expect.objectContaining({ msg: expect.stringMatching(/dead-letter/), eventId: poison.id, deliveries: 3 })]);

    // It never comes again: a marker published after it is handled, and the poison was still tried only 3 times.
    await publisher.publish(type, event(6));
    await eventually(async () => handled.includes(6));
    expect(attempts).toHaveLength(3);
    await nc.drain();
  });

  it('never runs a handler twice for the same event id', async () => {
    const type = `events.test.${randomUUID().slice(0, 8)}.duplicated`;
    const consumer = `c${randomUUID().slice(0, 8)}`;
    const seen: string[] = [];
    const consumerBus = await bus(consumer);
    consumerBus.on(type, async (e) => {
      seen.push(e.id);
    });
    await consumerBus.start(database.db);

    // Same id through the bus (JetStream drops the duplicate) and raw, without a
    // message id, as a redelivery after a lost ack would look.
    const publisher = await bus('publisher');
    const sent = await publisher.publish(type, event(1));
    await publisher.publish(type, event(1, sent.id));
    const nc = await connect({ servers: testInfra().natsUrl });
    const duplicate: DomainEvent<{ n: number }> = { ...sent };
    await jetstream(nc).publish(type, JSON.stringify(duplicate));
    await nc.drain();

    const marker = await publisher.publish(type, event(2));
    await eventually(async () => seen.includes(marker.id));
    expect(seen.filter((id) => id === sent.id)).toHaveLength(1);
  });

  it('publishes an event recorded in a transaction only once that transaction commits', async () => {
    const type = `events.test.${randomUUID().slice(0, 8)}.recorded`;
    const seen: number[] = [];
    const producer = await producerFor(type, seen);

    // A rolled-back change never announces itself.
    await expect(
      new UnitOfWork(database.db).run(async () => {
        await producer.record(type, event(1));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    await new UnitOfWork(database.db).run(async () => {
      await producer.record(type, event(2));
    });
    await producer.relay();
    await eventually(async () => seen.includes(2));
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toEqual([2]);
  });

  it('tells every instance of a service of a watched event, while its durable consumer hands each event to one', async () => {
    const type = `events.test.${randomUUID().slice(0, 8)}.watched`;
    const consumer = `c${randomUUID().slice(0, 8)}`;
    const watched: string[] = [];
    const handled: number[] = [];
    // Two instances of one service: one durable consumer between them, a watcher each.
    for (const instance of ['first', 'second']) {
      const b = await bus(consumer);
      b.on(type, async (e) => {
        handled.push(e.payload.n);
      });
      b.watch(type, (e) => watched.push(`${instance} ${e.payload.n}`));
      await b.start(database.db);
    }
    const publisher = await bus(`p${randomUUID().slice(0, 8)}`);
    await publisher.publish(type, event(7));
    await eventually(async () => watched.length === 2 && handled.length === 1);
    expect(watched.sort()).toEqual(['first 7', 'second 7']);
    expect(handled).toEqual([7]);
  });

  it('counts the events its durable consumer has yet to handle (its lag), down to none once handled', async () => {
    const type = `events.test.${randomUUID().slice(0, 8)}.slow`;
    const metrics = new ServiceMetrics('lag-test');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handled: number[] = [];
    const lagging = await bus(`c${randomUUID().slice(0, 8)}`, { metrics });
    lagging.on(type, async (e) => {
      await gate;
      handled.push(e.payload.n);
    });
    await lagging.start(database.db);
    const producer = await bus(`p${randomUUID().slice(0, 8)}`);
    const pending = async () => (await metrics.eventsPending.get()).values[0]?.value;
    for (let n = 1; n <= 3; n++) await producer.publish(type, event(n));
    await eventually(async () => ((await pending()) ?? 0) >= 3);
    release();
    await eventually(async () => handled.length === 3 && (await pending()) === 0);
  });

  it('relays an event recorded in a unit of work right after its commit, never one whose unit rolled back, and refuses one recorded outside a unit', async () => {
    const type = `events.test.${randomUUID().slice(0, 8)}.unit`;
    const seen: number[] = [];
    // No periodic relay on either bus (an hour apart): only the relay after a unit's commit can send.
    const producer = await producerFor(type, seen, { relayEveryMs: 3_600_000 });
    const unit = new UnitOfWork(database.db);

    // Outside a unit of work there is no change for the event to commit with.
    await expect(producer.record(type, event(0))).rejects.toThrow('must run inside a unit of work');
    // A unit that rolls back takes its events with it, those of a unit run inside it (joined) too.
    await expect(
      unit.run(async () => {
        await producer.record(type, event(1));
        await unit.run(() => producer.record(type, event(2)));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    // A unit that commits (with one joined inside it) is on JetStream at once, not at the next periodic relay.
    await unit.run(async () => {
      await producer.record(type, event(3));
      await unit.run(() => producer.record(type, event(4)));
    });
    await eventually(async () => seen.includes(3) && seen.includes(4));
    await new Promise((r) => setTimeout(r, 300));
    expect([...seen].sort()).toEqual([3, 4]);
    const outboxed = await database.db.select({ event: outbox.event }).from(outbox).where(eq(outbox.subject, type));
    expect(outboxed.map((row) => (row.event as DomainEvent<{ n: number }>).payload.n).sort()).toEqual([3, 4]);
  });

  it('relays what committed while a relay was running, in that relay, not a periodic relay later', async () => {
    const type = `events.test.${randomUUID().slice(0, 8)}.overlapped`;
    // The only bus on the database, with no periodic relay (an hour apart): only the relays after the commits can send.
    const producer = await EventBus.connect<TestEvents>({
      nats: testInfra().natsUrl,
      consumer: `p${randomUUID().slice(0, 8)}`,
      logger,
      relayEveryMs: 3_600_000,
    });
    buses.push(producer);
    await producer.start(database.db);

    // The first relay, once it has sent event 1 (and committed: PGlite has one connection), is held until event 2 has committed.
    const relayer = producer as unknown as { relayPending(): Promise<void> };
    const relayPending = relayer.relayPending.bind(producer);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent!: () => void;
    const firstSent = new Promise<void>((resolve) => (sent = resolve));
    let first = true;
    relayer.relayPending = async () => {
      await relayPending();
      if (first) {
        first = false;
        sent();
        await held;
      }
    };
    const unit = new UnitOfWork(database.db);
    await unit.run(() => producer.record(type, event(1)));
    await firstSent;
    await unit.run(() => producer.record(type, event(2)));
    const relayed = producer.relay();
    release();
    await relayed;

    // Both are sent (a row is marked once JetStream has stored its event).
    const unsent = await database.db
      .select({ n: outbox.event })
      .from(outbox)
      .where(and(eq(outbox.subject, type), isNull(outbox.publishedAt)));
    expect(unsent).toEqual([]);
  });

  it('answers a committed change as made while NATS is away, and sends its event once NATS is back', async () => {
    const nats = await privateNats();
    try {
      const type = `events.test.${randomUUID().slice(0, 8)}.made`;
      const seen: number[] = [];
      const own = async (consumer: string) => {
        const b = await EventBus.connect<TestEvents>({ nats: nats.url, consumer, logger });
        buses.push(b);
        return b;
      };
      const consumerBus = await own(`c${randomUUID().slice(0, 8)}`);
      consumerBus.on(type, async (e) => {
        seen.push(e.payload.n);
      });
      await consumerBus.start(database.db);
      const producer = await own(`p${randomUUID().slice(0, 8)}`);
      await producer.start(database.db);

      await nats.stop();
      // The change commits; relaying it fails (nothing to publish to), and the caller still hears it was made.
      const made = await new UnitOfWork(database.db).run(async () => {
        await producer.record(type, event(7));
        return 'made';
      });
      expect(made).toBe('made');
      expect(seen).toEqual([]);

      await nats.start();
      await eventually(async () => seen.includes(7), 30_000);
      await new Promise((r) => setTimeout(r, 300));
      expect(seen).toEqual([7]);
    } finally {
      await Promise.all(buses.splice(0).map((b) => b.close()));
      await nats.stop();
    }
  });
});
