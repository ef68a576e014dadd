import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { AccountEvent, AuthEvent, type DomainEvent, type MembershipChanged, type SessionsRevoked } from '@coffer/contracts';
import { natsConnectionOptions } from '@coffer/server-core';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

/** Access tokens live 15 minutes: a revoked session only needs remembering that long. */
const REMEMBER_MS = 16 * 60_000;

/**
 * Sessions ended before their access tokens expire (sign-out, reuse, password
 * reset), and users whose account or role changed. Every gateway replica hears
 * the auth service's events and refuses those access tokens from then on (the
 * browser refreshes a changed user's token and carries on).
 */
@Injectable()
export class SessionRevocations implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SessionRevocations.name);
  private readonly revoked = new Map<string, number>();
  /** userId → the membership version their tokens must carry, and until when it needs remembering. */
  private readonly memberships = new Map<string, { version: number; until: number }>();
  private nc?: NatsConnection;

  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  async onModuleInit() {
    this.nc = await connect(natsConnectionOptions(this.config, 'gateway-revocations'));
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
    const changes = this.nc.subscribe(AccountEvent.MembershipChanged);
    void (async () => {
      for await (const msg of changes) {
        try {
          const { payload } = msg.json<DomainEvent<MembershipChanged>>();
          this.membershipChanged(payload.userId, payload.membershipVersion);
        } catch (err) {
          this.logger.warn({ msg: 'Ignored a malformed membership change', error: String(err) });
        }
      }
    })();
  }

  membershipChanged(userId: string, version: number) {
    const known = this.memberships.get(userId);
    if (known && known.version >= version) return;
    this.memberships.set(userId, { version, until: Date.now() + REMEMBER_MS });
  }

  /** Whether a token of `userId` carrying `version` predates a change of their account or role. */
  isStaleMembership(userId: string, version: number): boolean {
    const known = this.memberships.get(userId);
    if (!known) return false;
    if (known.until < Date.now()) {
      this.memberships.delete(userId);
      return false;
    }
    return version < known.version;
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
