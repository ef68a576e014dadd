import { Inject, Injectable } from '@nestjs/common';
import { inArray, sql } from 'drizzle-orm';
import { ErrorCode } from '@coffer/contracts';
import { DATABASE, rpcError, SERVICE_CONFIG, type Database } from '@coffer/server-core';
import type { AuthConfig } from '../config.js';
import { rateLimits } from '../db/schema.js';

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
    @Inject(DATABASE) private readonly db: Database,
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
  ) {}

  account(action: string, id: string): LimitKey {
    return { key: `${action}:account:${id.toLowerCase()}`, threshold: this.config.AUTH_LOCKOUT_THRESHOLD, slowsDown: true };
  }

  ip(action: string, ip: string | undefined, threshold = this.config.AUTH_IP_LOCKOUT_THRESHOLD): LimitKey | undefined {
    return ip ? { key: `${action}:ip:${ip}`, threshold, slowsDown: false } : undefined;
  }

  /** Refuses with 429 while any key is locked; otherwise waits longer the more failures there were. */
  async check(keys: (LimitKey | undefined)[]) {
    const rows = await this.rows(keys);
    const now = Date.now();
    const lockedUntil = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
    if (lockedUntil > now) throw this.tooMany(Math.ceil((lockedUntil - now) / 1000));
    const slowing = new Set(keys.filter((k) => k?.slowsDown).map((k) => k!.key));
    const failures = Math.max(0, ...rows.filter((r) => slowing.has(r.key) && !this.windowOver(r.windowStartedAt)).map((r) => r.failures));
    const over = failures - this.config.AUTH_SLOWDOWN_AFTER;
    if (over >= 0) await new Promise((r) => setTimeout(r, Math.min(4000, 250 * 2 ** over)));
  }

  /** Counts a failure against each key, locking those that reach their threshold. */
  async fail(keys: (LimitKey | undefined)[]) {
    const lockSeconds = this.config.AUTH_LOCKOUT_SECONDS;
    const windowSeconds = this.config.AUTH_FAILURE_WINDOW_SECONDS;
    for (const k of keys.filter((k): k is LimitKey => Boolean(k))) {
      // Failures older than the window, or from before a lock that has run out, are forgotten.
      await this.db
        .insert(rateLimits)
        .values({ key: k.key, failures: 1, windowStartedAt: new Date() })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            failures: sql`case when ${rateLimits.windowStartedAt} < now() - make_interval(secs => ${windowSeconds}) or ${rateLimits.lockedUntil} < now() then 1 else ${rateLimits.failures} + 1 end`,
            windowStartedAt: sql`case when ${rateLimits.windowStartedAt} < now() - make_interval(secs => ${windowSeconds}) or ${rateLimits.lockedUntil} < now() then now() else ${rateLimits.windowStartedAt} end`,
            lockedUntil: sql`case when ${rateLimits.lockedUntil} < now() then null else ${rateLimits.lockedUntil} end`,
          },
        });
      await this.db
        .update(rateLimits)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${lockSeconds})` })
        .where(sql`${rateLimits.key} = ${k.key} and ${rateLimits.failures} >= ${k.threshold} and ${rateLimits.lockedUntil} is null`);
    }
    const rows = await this.rows(keys);
    const lockedUntil = Math.max(0, ...rows.map((r) => r.lockedUntil?.getTime() ?? 0));
    if (lockedUntil > Date.now()) throw this.tooMany(Math.ceil((lockedUntil - Date.now()) / 1000));
  }

  /** A success forgets the account's failures (never the IP's: one good password must not unlock a guessing IP). */
  async succeed(key: LimitKey) {
    await this.db.delete(rateLimits).where(inArray(rateLimits.key, [key.key]));
  }

  private rows(keys: (LimitKey | undefined)[]) {
    const names = keys.filter((k): k is LimitKey => Boolean(k)).map((k) => k.key);
    return names.length ? this.db.select().from(rateLimits).where(inArray(rateLimits.key, names)) : Promise.resolve([]);
  }

  private windowOver(startedAt: Date) {
    return startedAt.getTime() < Date.now() - this.config.AUTH_FAILURE_WINDOW_SECONDS * 1000;
  }

  private tooMany(retryAfterSeconds: number) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    const when = retryAfterSeconds < 60 ? `${retryAfterSeconds} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
    const error = rpcError(ErrorCode.TooManyAttempts, 429, `Too many attempts. Please try again in ${when}.`);
    (error.getError() as { retryAfterSeconds?: number }).retryAfterSeconds = retryAfterSeconds;
    return error;
  }
}
