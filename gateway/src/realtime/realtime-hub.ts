import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Subject, type Observable } from 'rxjs';
import { filter, map } from 'rxjs/operators';
import type { DomainEvent, FileChanged } from '@coffer/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

/** What a browser hears: which kind of change, to which item. */
export interface RealtimeMessage {
  type: string;
  itemId: string;
}

interface Routed extends RealtimeMessage {
  userId: string;
}

/**
 * Hears the files events on NATS (every gateway replica, each for its own
 * connections) and hands each user's to that user's open streams.
 */
@Injectable()
export class RealtimeHub implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(RealtimeHub.name);
  private readonly changes = new Subject<Routed>();
  private nc?: NatsConnection;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  async onModuleInit() {
    this.nc = await connect({ servers: this.config.NATS_URL, name: 'gateway-realtime', maxReconnectAttempts: -1 });
    const sub = this.nc.subscribe('events.files.>');
    void (async () => {
      for await (const msg of sub) {
        try {
          const event = msg.json<DomainEvent<FileChanged>>();
          this.changes.next({ type: event.type, itemId: event.payload.item.id, userId: event.payload.userId });
        } catch (err) {
          this.logger.warn({ msg: 'Ignored a malformed files event', error: String(err) });
        }
      }
    })();
  }

  /** The changes to one user's files. */
  forUser(userId: string): Observable<RealtimeMessage> {
    return this.changes.pipe(
      filter((c) => c.userId === userId),
      map(({ type, itemId }) => ({ type, itemId })),
    );
  }

  async onApplicationShutdown() {
    this.changes.complete();
    await this.nc?.drain().catch(() => undefined);
  }
}
