import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import argon2 from 'argon2';
import { ErrorCode } from '@coffer/contracts';
import { rpcError, SERVICE_CONFIG } from '@coffer/server-core';
import type { AuthConfig } from '../config.js';

/** What a sign-in (or any password check) answers while the queue of password work is full. */
export const PASSWORD_CHECKS_BUSY = 'Too many sign-in attempts right now. Please try again in a moment.';

/**
 * Every argon2id hash and check of the auth service, with a bound on the work: at most
 * AUTH_PASSWORD_CONCURRENCY at once and AUTH_PASSWORD_QUEUE waiting; more is refused at
 * once (429) instead of queueing on the thread pool, so a burst of sign-ins cannot starve the
 * service's other work (sessions, refreshes, its database) into timeouts for everyone.
 */
@Injectable()
export class Passwords {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** Checked against when there is no such user, so an unknown address takes as long as a wrong password. */
  private readonly decoy = argon2.hash(randomBytes(16).toString('hex'), { type: argon2.argon2id });

  constructor(@Inject(SERVICE_CONFIG) private readonly config: AuthConfig) {}

  hash(password: string): Promise<string> {
    return this.bounded(() => argon2.hash(password, { type: argon2.argon2id }));
  }

  /** Whether `password` is the one `hash` was made from; with no hash (no such user), false after the same work. */
  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    const against = hash ?? (await this.decoy);
    const ok = await this.bounded(() => argon2.verify(against, password));
    return ok && Boolean(hash);
  }

  private async bounded<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.config.AUTH_PASSWORD_CONCURRENCY) this.running++;
    else if (this.waiting.length >= this.config.AUTH_PASSWORD_QUEUE) throw rpcError(ErrorCode.TooManyAttempts, 429, PASSWORD_CHECKS_BUSY);
    // A finished check hands its place straight to the next in line, so `running` stays as it is.
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
