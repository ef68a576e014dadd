import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { AuthEvent, type DomainEvent, type SessionsRevoked } from '@coffer/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

/** Access tokens live 15 minutes: a revoked session only needs remembering that long. */
const REMEMBER_MS = 16 * 60_000;

/**
 * Sessions ended before their access tokens expire (sign-out, reuse, password
 * reset). Every gateway replica hears the auth service's event and refuses
 * their access tokens from then on.
 */
@Injectable()
export class SessionRevocations implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SessionRevocations.name);
  private readonly revoked = new Map<string, number>();
  private nc?: NatsConnection;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  async onModuleInit() {
    this.nc = await connect({ servers: this.config.NATS_URL, name: 'gateway-revocations', maxReconnectAttempts: -1 });
    const sub = this.nc.subscribe(AuthEvent.SessionsRevoked);
    void (async () => {
      for await (const msg of sub) {
        try {
          const event = msg.json<DomainEvent<SessionsRevoked>>();
          this.revoke(event.payload.sessionIds);
        } catch (err) {
          this.logger.warn({ msg: 'Ignored a malformed revocation', error: String(err) });
        }
      }
    })();
  }

  revoke(sessionIds: string[]) {
    const until = Date.now() + REMEMBER_MS;
    for (const id of sessionIds) this.revoked.set(id, until);
  }

  isRevoked(sessionId: string): boolean {
    const until = this.revoked.get(sessionId);
    if (until === undefined) return false;
    if (until < Date.now()) {
      this.revoked.delete(sessionId);
      return false;
    }
    return true;
  }

  async onApplicationShutdown() {
    await this.nc?.drain().catch(() => undefined);
  }
}
