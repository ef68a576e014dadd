import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Subject, type Observable } from 'rxjs';
import { filter, map } from 'rxjs/operators';
import { roleMay, type DomainEvent, type RealtimeChannel, type RealtimePush, type Role } from '@coffer/contracts';
import { natsConnectionOptions } from '@coffer/server-core';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { CHANNEL_ROUTES, pushOf, type RoutedPush } from './realtime-routes.js';

/**
 * Hears the files and sharing events on NATS (every gateway replica, each for
 * its own connections) and hands each user's to that user's open streams.
 */
@Injectable()
export class RealtimeHub implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(RealtimeHub.name);
  private readonly changes = new Subject<RoutedPush>();
  private nc?: NatsConnection;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  async onModuleInit() {
    this.nc = await connect(natsConnectionOptions(this.config, 'gateway-realtime'));
    for (const channel of Object.keys(CHANNEL_ROUTES) as RealtimeChannel[]) {
      for (const subject of CHANNEL_ROUTES[channel].subjects) this.follow(this.nc, channel, subject);
    }
  }

  /** Hands each event of `subject` on as a push of `channel`. */
  private follow(nc: NatsConnection, channel: RealtimeChannel, subject: string) {
    const sub = nc.subscribe(subject);
    void (async () => {
      for await (const msg of sub) {
        try {
          this.changes.next(pushOf(channel, msg.json<DomainEvent<never>>()));
        } catch (err) {
          this.logger.warn({ msg: `Ignored a malformed ${channel} event`, error: String(err) });
        }
      }
    })();
  }

  /** The changes to one user's files, shares, notifications and membership, and to their account's plan, team and branding. */
  forUser(userId: string, accountId: string, role?: Role): Observable<RealtimePush> {
    const manager = role !== undefined && roleMay(role, 'manageTeamFolders');
    return this.changes.pipe(
      filter(({ to }) => to.userIds.includes(userId) || (to.accountIds?.includes(accountId) ?? false) || (manager && to.managersOf === accountId)),
      map(({ to: _audience, ...push }) => push as RealtimePush),
    );
  }

  async onApplicationShutdown() {
    this.changes.complete();
    await this.nc?.drain().catch(() => undefined);
  }
}
