import { Injectable } from '@nestjs/common';
import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { Factor } from '@coffer/contracts';
import { Repository } from '@coffer/server-core';
import { mfaChallenges, recoveryCodes, totpFactors } from '../db/schema.js';

export type FactorRow = typeof totpFactors.$inferSelect;

export const toFactor = (row: FactorRow): Factor => ({ id: row.id, factorType: 'totp', status: row.status, friendlyName: row.friendlyName });

/** The only place that reads and writes TOTP factors, their challenges and the recovery codes. */
@Injectable()
export class FactorsRepository extends Repository {
  list(userId: string): Promise<FactorRow[]> {
    return this.db.select().from(totpFactors).where(eq(totpFactors.userId, userId)).orderBy(asc(totpFactors.createdAt));
  }

  async find(userId: string, factorId: string): Promise<FactorRow | undefined> {
    const [row] = await this.db
      .select()
      .from(totpFactors)
      .where(and(eq(totpFactors.id, factorId), eq(totpFactors.userId, userId)));
    return row;
  }

  /** A new enrolment replaces any unfinished one. */
  async enroll(userId: string, friendlyName: string, secretCiphertext: string): Promise<FactorRow> {
    return this.unit.run(async () => {
      await this.db.delete(totpFactors).where(and(eq(totpFactors.userId, userId), eq(totpFactors.status, 'unverified')));
      const [row] = await this.db.insert(totpFactors).values({ userId, friendlyName, secretCiphertext }).returning();
      return row;
    });
  }

  async remove(userId: string, factorId: string): Promise<boolean> {
    const rows = await this.db
      .delete(totpFactors)
      .where(and(eq(totpFactors.id, factorId), eq(totpFactors.userId, userId)))
      .returning({ id: totpFactors.id });
    return rows.length === 1;
  }

  /** Replaces every recovery code of a user (used or not) with new ones, given hashed. */
  async replaceRecoveryCodes(userId: string, codeHashes: string[]): Promise<void> {
    await this.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    if (codeHashes.length) await this.db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  }

  /** Uses a recovery code up: false if it is not one of the user's, or was used already. */
  async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
    const rows = await this.db
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
      .returning({ userId: recoveryCodes.userId });
    return rows.length === 1;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ left: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return Number(row?.left ?? 0);
  }

  /** Accepts a time step once: false if this or a later step was already used. */
  async useStep(factorId: string, step: number): Promise<boolean> {
    const rows = await this.db
      .update(totpFactors)
      .set({ lastUsedStep: step, status: 'verified' })
      .where(and(eq(totpFactors.id, factorId), or(isNull(totpFactors.lastUsedStep), sql`${totpFactors.lastUsedStep} < ${step}`)))
      .returning({ id: totpFactors.id });
    return rows.length === 1;
  }

  async createChallenge(userId: string, factorId: string) {
    const [row] = await this.db
      .insert(mfaChallenges)
      .values({ userId, factorId, expiresAt: new Date(Date.now() + 5 * 60_000) })
      .returning();
    return row;
  }

  /** Uses up a challenge; false if it is unknown, someone else's, used or expired. */
  async consumeChallenge(userId: string, factorId: string, challengeId: string): Promise<boolean> {
    const rows = await this.db
      .update(mfaChallenges)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(mfaChallenges.id, challengeId),
          eq(mfaChallenges.userId, userId),
          eq(mfaChallenges.factorId, factorId),
          isNull(mfaChallenges.usedAt),
          sql`${mfaChallenges.expiresAt} > now()`,
        ),
      )
      .returning({ id: mfaChallenges.id });
    return rows.length === 1;
  }
}
