import { Inject, Injectable } from '@nestjs/common';
import { DELETED_USER_VERSION, type Revocations } from '@coffer/contracts';
import { SERVICE_CONFIG } from '@coffer/server-core';
import type { AuthConfig } from '../config.js';
import { RevocationsRepository, type RevocationRow } from './revocations.repository.js';

/** Rows per page of the list: a reply stays far below NATS's 1 MB limit. */
const PAGE_SIZE = 2000;

/**
 * Access tokens refused before they expire, kept in the database for an access token's lifetime (in the
 * transaction that ends the session or changes the membership), so that a gateway that starts later,
 * or again, refuses them too. Gateways hear the same changes live from the events.
 */
@Injectable()
export class RevocationsService {
  constructor(
    @Inject(RevocationsRepository) private readonly revocations: RevocationsRepository,
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
  ) {}

  private get ttlMs() {
    return this.config.ACCESS_TOKEN_TTL_SECONDS * 1000;
  }

  /** Sessions ended: their access tokens are refused until the last one has expired. */
  sessionsEnded(userId: string, sessionIds: string[]) {
    const until = new Date(Date.now() + this.ttlMs);
    return this.revocations.insert(sessionIds.map((sessionId) => ({ userId, sessionId, until })));
  }

  /** The user's account or role changed: their tokens carrying an older version are refused. */
  membershipChanged(userId: string, membershipVersion: number) {
    return this.revocations.insert([{ userId, membershipVersion, until: new Date(Date.now() + this.ttlMs) }]);
  }

  /** The user was deleted: every token they hold is refused. */
  userDeleted(userId: string) {
    return this.membershipChanged(userId, DELETED_USER_VERSION);
  }

  /** One page of what is in force now; the first page also forgets what has expired. */
  async list(after?: string): Promise<Revocations> {
    const now = new Date();
    if (!after) await this.revocations.prune(now);
    const rows = await this.revocations.page(now, PAGE_SIZE, after);
    const forSeconds = (r: RevocationRow) => Math.max(0, (r.until.getTime() - now.getTime()) / 1000);
    return {
      accessTokenTtlSeconds: this.config.ACCESS_TOKEN_TTL_SECONDS,
      sessions: rows.filter((r) => r.sessionId).map((r) => ({ sessionId: r.sessionId!, forSeconds: forSeconds(r) })),
      users: rows
        .filter((r) => r.membershipVersion !== null)
        .map((r) => ({ userId: r.userId, membershipVersion: r.membershipVersion!, forSeconds: forSeconds(r) })),
      next: rows.length === PAGE_SIZE ? rows[rows.length - 1].id : undefined,
    };
  }
}
