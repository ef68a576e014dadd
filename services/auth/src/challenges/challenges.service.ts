import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { challengeInput, ErrorCode, leadingZeroBits, type SignInChallengeAnswer } from '@coffer/contracts';
import { rpcError, SERVICE_CONFIG, tokenHash } from '@coffer/server-core';
import type { AuthConfig } from '../config.js';
import { ChallengesRepository } from './challenges.repository.js';

const CHALLENGE_TTL_MS = 5 * 60_000;
/** Each further five failures make the work twice as long, up to sixteen times: guesses keep costing more, and never lock the owner out. */
const FAILURES_PER_EXTRA_BIT = 5;
const MAX_EXTRA_BITS = 4;

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/**
 * The proof of work sign-in asks once an account has seen AUTH_CHALLENGE_AFTER
 * failures (from anywhere): the owner's browser solves it in a moment, while
 * someone guessing, from one address or many, pays for every guess, more and more.
 * Nothing locks an account, so nobody can lock the owner out.
 */
@Injectable()
export class SignInChallenges {
  constructor(
    @Inject(ChallengesRepository) private readonly challenges: ChallengesRepository,
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
  ) {}

  /** Lets the sign-in go on, or refuses it (428) with a fresh challenge to solve. */
  async demand(email: string, failures: number, answer: SignInChallengeAnswer | undefined): Promise<void> {
    const over = failures - this.config.AUTH_CHALLENGE_AFTER;
    if (over < 0) return;
    if (answer && (await this.solved(email, answer))) return;
    const bits = this.config.AUTH_CHALLENGE_BITS + Math.min(MAX_EXTRA_BITS, Math.floor(over / FAILURES_PER_EXTRA_BIT));
    const token = randomBytes(16).toString('base64url');
    await this.challenges.issue({ tokenHash: tokenHash(token), email: email.toLowerCase(), bits, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) });
    throw rpcError(ErrorCode.ChallengeRequired, 428, 'This sign-in needs a quick check from your browser. Please try again.', { challenge: { token, bits } });
  }

  /** A challenge handed to this email, live, answered for the first time, with enough zero bits. */
  private async solved(email: string, answer: SignInChallengeAnswer) {
    const issued = await this.challenges.take(tokenHash(answer.token));
    if (!issued || issued.email !== email.toLowerCase()) return false;
    return leadingZeroBits(sha256(challengeInput(answer.token, answer.solution))) >= issued.bits;
  }
}
