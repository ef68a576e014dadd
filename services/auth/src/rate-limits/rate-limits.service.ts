import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@coffer/contracts';
import { rpcError, SERVICE_CONFIG } from '@coffer/server-core';
import type { AuthConfig } from '../config.js';
import { RateLimitsRepository } from './rate-limits.repository.js';

/** A threshold no count of failures reaches (the largest the failures column holds). */
const NEVER_LOCKS = 2 ** 31 - 1;

/** "45 seconds", "1 minute", "12 minutes": when a refused caller may try again. */
export function tryAgainIn(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return retryAfterSeconds < 60 ? `${retryAfterSeconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** One thing being protected: an account or an IP address, per action. */
export interface LimitKey {
  key: string;
  threshold: number;
  /** Accounts are answered more slowly as failures pile up; IP addresses (shared by offices) only lock. */
  slowsDown: boolean;
}

/**
 * Slows down and then locks repeated failures (sign-in, sign-up, TOTP, reset),
 * per account and per IP address, in the auth database so every replica agrees.
 */
@Injectable()
export class RateLimiter {
  constructor(
    @Inject(RateLimitsRepository) private readonly limits: RateLimitsRepository,
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
  ) {}

  account(action: string, id: string): LimitKey {
    return { key: `${action}:account:${id.toLowerCase()}`, threshold: this.config.AUTH_LOCKOUT_THRESHOLD, slowsDown: true };
  }

  /**
   * An account, slowed down as failures pile up but never locked by them: anyone
   * could otherwise lock anyone out. Its failures make the proof of work asked at
   * sign-in harder and harder instead; what locks is an IP address trying many accounts.
   */
  accountSlowdown(action: string, id: string): LimitKey {
    return { key: `${action}:account:${id.toLowerCase()}`, threshold: NEVER_LOCKS, slowsDown: true };
  }

  /**
   * The account tried from one IP address (requests with none count as one address). It never locks: the
   * owner may be at that address too. It only caps what one account adds to the address's count (`failFrom`).
   */
  accountFrom(action: string, id: string, ip: string | undefined): LimitKey {
    return { key: `${action}:account:${id.toLowerCase()}:ip:${ip ?? 'none'}`, threshold: NEVER_LOCKS, slowsDown: false };
  }

  ip(action: string, ip: string | undefined, threshold = this.config.AUTH_IP_LOCKOUT_THRESHOLD): LimitKey | undefined {
    return ip ? { key: `${action}:ip:${ip}`, threshold, slowsDown: false } : undefined;
  }

  /**
   * Refuses with 429 while any key is locked; otherwise waits longer the more
   * failures there were, and answers how many (of the keys that slow down).
   */
  async check(keys: (LimitKey | undefined)[]): Promise<number> {
    const rows = await this.rows(keys);
    const now = Date.now();
    const lockedUntil = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
    if (lockedUntil > now) throw this.tooMany(Math.ceil((lockedUntil - now) / 1000));
    const slowing = new Set(keys.filter((k) => k?.slowsDown).map((k) => k!.key));
    const failures = Math.max(0, ...rows.filter((r) => slowing.has(r.key) && !this.windowOver(r.windowStartedAt)).map((r) => r.failures));
    const over = failures - this.config.AUTH_SLOWDOWN_AFTER;
    if (over >= 0) await new Promise((r) => setTimeout(r, Math.min(4000, 250 * 2 ** over)));
    return failures;
  }

  /** Counts a failure against each key, locking those that reach their threshold. */
  async fail(keys: (LimitKey | undefined)[]) {
    for (const k of keys.filter((k): k is LimitKey => Boolean(k))) {
      await this.limits.countFailure(k.key, k.threshold, this.config.AUTH_FAILURE_WINDOW_SECONDS, this.config.AUTH_LOCKOUT_SECONDS);
    }
    const rows = await this.rows(keys);
    const lockedUntil = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
    if (lockedUntil > Date.now()) throw this.tooMany(Math.ceil((lockedUntil - Date.now()) / 1000));
  }

  /**
   * A failed guess at `account` from an address: counted against the account and the pair, and against the
   * address only for the pair's first AUTH_LOCKOUT_THRESHOLD failures. The address limit stops spraying many
   * accounts; one account hammered from one address pays ever harder proofs of work instead of locking the
   * address, so the owner signing in from there is never locked out.
   */
  async failFrom(account: LimitKey, pair: LimitKey, ip: LimitKey | undefined) {
    const [row] = await this.rows([pair]);
    const pairFailures = row && !this.windowOver(row.windowStartedAt) ? row.failures : 0;
    await this.fail([account, pair, pairFailures < this.config.AUTH_LOCKOUT_THRESHOLD ? ip : undefined]);
  }

  /** A success forgets the account's failures (never the IP's: one good password must not unlock a guessing IP). */
  async succeed(key: LimitKey) {
    await this.limits.forget(key.key);
  }

  private rows(keys: (LimitKey | undefined)[]) {
    return this.limits.find(keys.filter((k): k is LimitKey => Boolean(k)).map((k) => k.key));
  }

  private windowOver(startedAt: Date) {
    return startedAt.getTime() < Date.now() - this.config.AUTH_FAILURE_WINDOW_SECONDS * 1000;
  }

  private tooMany(retryAfterSeconds: number) {
    return rpcError(ErrorCode.TooManyAttempts, 429, `Too many attempts. Please try again in ${tryAgainIn(retryAfterSeconds)}.`, { retryAfterSeconds });
  }
}
