import type { NatsConnection } from '@nats-io/transport-node';
import type { JetStreamClient } from '@nats-io/jetstream';
import { Logger } from '@nestjs/common';
import { EventBus, type EventBusOptions } from './events.js';

/** A bus with no NATS behind it: recording must refuse before it would reach either the database or NATS. */
function unconnectedBus(): EventBus {
  const nc = { status: async function* () {}, isClosed: () => true } as unknown as NatsConnection;
  const Bus = EventBus as unknown as new (nc: NatsConnection, js: JetStreamClient, opts: EventBusOptions) => EventBus;
  return new Bus(nc, {} as JetStreamClient, { nats: 'nats://nowhere', consumer: 'unit-test', logger: new Logger('unit-test') });
}

describe('recording an event', () => {
  it('throws outside a unit of work: an event is recorded only with the change it announces', async () => {
    await expect(unconnectedBus().record('events.files.file.uploaded', { accountId: 'a', actorId: 'u', payload: {} as never })).rejects.toThrow(
      'Recording an event must run inside a unit of work (UnitOfWork.run), so it commits with the change it belongs to',
    );
  });
});
