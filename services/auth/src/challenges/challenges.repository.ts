import { Injectable } from '@nestjs/common';
import { and, eq, gt, lt } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { signInChallenges } from '../db/schema.js';

export type SignInChallengeRow = typeof signInChallenges.$inferSelect;

/** The only place that keeps the sign-in challenges handed out, each answerable once. */
@Injectable()
export class ChallengesRepository extends Repository {
  /** Keeps a new challenge, forgetting those that ran out unanswered. */
  async issue(row: SignInChallengeRow): Promise<void> {
    await this.db.delete(signInChallenges).where(lt(signInChallenges.expiresAt, new Date()));
    await this.db.insert(signInChallenges).values(row);
  }

  /** Takes a live challenge for good: a second answer to it finds nothing. */
  async take(tokenHash: string): Promise<SignInChallengeRow | undefined> {
    const [row] = await this.db
      .delete(signInChallenges)
      .where(and(eq(signInChallenges.tokenHash, tokenHash), gt(signInChallenges.expiresAt, new Date())))
      .returning();
    return row;
  }
}
