import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Subject, type Observable } from 'rxjs';
import { filter } from 'rxjs/operators';
import {
  AccountEvent,
  AuthEvent,
  AuthSubject,
  DELETED_USER_VERSION,
  type DomainEvent,
  type MembershipChanged,
  type SessionsRevoked,
  type UserDeleted,
} from '@coffer/contracts';
import { natsConnectionOptions, ServiceRequester } from '@coffer/server-core';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

/** Until the auth service says otherwise, an access token lives 15 minutes. */
const DEFAULT_TTL_SECONDS = 900;
/** Kept a little longer than a token lives: the auth service's and this gateway's clocks may differ a little. */
const CLOCK_MARGIN_MS = 60_000;
/** How often a gateway that could not read the revocations asks again. */
const RETRY_MS = 500;
/** How often entries whose tokens have all expired are forgotten. */
const SWEEP_MS = 60_000;

/**
 * Access tokens refused before they expire: sessions that ended (sign-out, reuse, password reset,
 * deletion), and users whose account or role changed (the browser refreshes their token and carries
 * on) or who were deleted. The auth service keeps them (the source of truth); each gateway replica
 * subscribes to its events first, then reads what is in force, so it misses nothing in between,
 * and does so again whenever its NATS connection comes back. Until it has read them it is not ready,
 * and refuses signed-in requests rather than accept a token it cannot judge.
 */
@Injectable()
export class SessionRevocations implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(SessionRevocations.name);
  /** sessionId → until when (this gateway's clock) its tokens are refused. */
  private readonly revoked = new Map<string, number>();
  /** Each session heard ending, as it is heard (the realtime streams opened with its tokens close). */
  private readonly endings = new Subject<string>();
  /** userId → the membership version their tokens must carry, and until when it needs remembering. */
  private readonly memberships = new Map<string, { version: number; until: number }>();
  private rememberMs = DEFAULT_TTL_SECONDS * 1000 + CLOCK_MARGIN_MS;
  private loaded = false;
  /** Raised whenever NATS goes away: a read begun before then may miss what was sent meanwhile. */
  private disconnects = 0;
  private loading?: Promise<void>;
  private stopped = false;
  private nc?: NatsConnection;
  private sweeper?: NodeJS.Timeout;

  constructor(
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(ServiceRequester) private readonly services: ServiceRequester,
  ) {}

  /** Whether this gateway knows every revocation in force (else signed-in requests are refused). */
  get ready(): boolean {
    return this.loaded;
  }

  async onModuleInit() {
    this.nc = await connect(natsConnectionOptions(this.config, 'gateway-revocations'));
    this.listen(AuthEvent.SessionsRevoked, ({ payload }: DomainEvent<SessionsRevoked>) => this.revoke(payload.sessionIds));
    this.listen(AccountEvent.MembershipChanged, ({ payload }: DomainEvent<MembershipChanged>) =>
      this.membershipChanged(payload.userId, payload.membershipVersion),
    );
    this.listen(AccountEvent.UserDeleted, ({ payload }: DomainEvent<UserDeleted>) => this.membershipChanged(payload.userId, DELETED_USER_VERSION));
    // The subscriptions are in place at the server before anything is read: nothing falls in between.
    await this.nc.flush();
    void this.watchConnection(this.nc);
    void this.load();
    this.sweeper = setInterval(() => this.sweep(), SWEEP_MS).unref();
  }

  private sweep() {
    const now = Date.now();
    for (const [id, until] of this.revoked) if (until < now) this.revoked.delete(id);
    for (const [id, known] of this.memberships) if (known.until < now) this.memberships.delete(id);
  }

  private listen<T>(subject: string, apply: (event: DomainEvent<T>) => void) {
    const sub = this.nc!.subscribe(subject);
    void (async () => {
      for await (const msg of sub) {
        try {
          apply(msg.json<DomainEvent<T>>());
        } catch (err) {
          this.logger.warn({ msg: 'Ignored a malformed revocation event', subject, error: String(err) });
        }
      }
    })();
  }

  /** Events sent while NATS was away are lost: not ready until everything in force is read again. */
  private async watchConnection(nc: NatsConnection) {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') {
        this.disconnects++;
        this.loaded = false;
      }
      if (status.type === 'reconnect') void this.load();
    }
  }

  /** Reads every revocation in force from the auth service, asking again until it answers. */
  private load(): Promise<void> {
    this.loading ??= (async () => {
      for (let attempt = 1; !this.stopped; attempt++) {
        try {
          const disconnects = this.disconnects;
          await this.readAll();
          if (disconnects !== this.disconnects) continue;
          this.loaded = true;
          this.logger.log({ msg: 'Read the access revocations in force', sessions: this.revoked.size, users: this.memberships.size });
          return;
        } catch (err) {
          if (attempt === 1 || attempt % 20 === 0)
            this.logger.warn({ msg: 'Cannot read the access revocations yet: refusing signed-in requests', error: String(err) });
          await new Promise((r) => setTimeout(r, RETRY_MS));
        }
      }
    })().finally(() => (this.loading = undefined));
    return this.loading;
  }

  private async readAll() {
    let after: string | undefined;
    do {
      const page = await this.services.request(AuthSubject.ListRevocations, { after });
      const now = Date.now();
      this.rememberMs = page.accessTokenTtlSeconds * 1000 + CLOCK_MARGIN_MS;
      for (const s of page.sessions) this.keepRevoked(s.sessionId, now + s.forSeconds * 1000 + CLOCK_MARGIN_MS);
      for (const u of page.users) this.keepMembership(u.userId, u.membershipVersion, now + u.forSeconds * 1000 + CLOCK_MARGIN_MS);
      after = page.next;
    } while (after);
  }

  membershipChanged(userId: string, version: number) {
    this.keepMembership(userId, version, Date.now() + this.rememberMs);
  }

  private keepMembership(userId: string, version: number, until: number) {
    const known = this.memberships.get(userId);
    if (known && known.version > version) return;
    if (known && known.version === version && known.until >= until) return;
    this.memberships.set(userId, { version, until });
  }

  /** Whether a token of `userId` carrying `version` predates a change of their account or role (or their deletion). */
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
    const until = Date.now() + this.rememberMs;
    for (const id of sessionIds) this.keepRevoked(id, until);
    for (const id of sessionIds) this.endings.next(id);
  }

  /** Emits when `sessionId` ends from now on (signed out here or from another browser, or by an admin). */
  endOf(sessionId: string): Observable<string> {
    return this.endings.pipe(filter((id) => id === sessionId));
  }

  private keepRevoked(sessionId: string, until: number) {
    if ((this.revoked.get(sessionId) ?? 0) < until) this.revoked.set(sessionId, until);
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
    this.stopped = true;
    this.endings.complete();
    clearInterval(this.sweeper);
    await this.nc?.drain().catch(() => undefined);
  }
}
