import { Injectable } from '@nestjs/common';
import { and, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { subscriptions, usedTrials } from '../db/schema.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PlanType = NonNullable<SubscriptionRow['planType']>;

/** The only place that reads and writes subscriptions. */
@Injectable()
export class SubscriptionsRepository extends Repository {
  async find(accountId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId));
    return row;
  }

  /** The account's subscription, locked until the unit of work ends so two plan changes cannot interleave. */
  async lock(accountId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId)).for('update');
    return row;
  }

  /** A new account's record: no plan yet (a redelivered registration changes nothing). */
  async open(accountId: string, ownerId: string): Promise<void> {
    await this.db.insert(subscriptions).values({ accountId, ownerId, status: 'none' }).onConflictDoNothing();
  }

  /** The account's one trial begins now. */
  async startTrial(owner: { accountId: string; userId: string }, planType: PlanType, now: Date, trialEndDate: Date): Promise<SubscriptionRow> {
    const values = { planType, status: 'trial' as const, trialEndDate, trialStartedAt: now, updatedAt: now };
    const [saved] = await this.db
      .insert(subscriptions)
      .values({ accountId: owner.accountId, ownerId: owner.userId, ...values })
      .onConflictDoUpdate({ target: subscriptions.accountId, set: { ...values, ownerId: sql`coalesce(${subscriptions.ownerId}, ${owner.userId})` } })
      .returning();
    return saved;
  }

  /** Whether any of a person's keys (see used-trials.ts) has started a trial before, in any account. */
  async trialUsedBy(personKeys: string[]): Promise<boolean> {
    const [row] = await this.db.select({ personKey: usedTrials.personKey }).from(usedTrials).where(inArray(usedTrials.personKey, personKeys)).limit(1);
    return row !== undefined;
  }

  /** Records that a person started the account's trial; false when another trial of theirs was recorded meanwhile. */
  async recordTrialUse(personKeys: string[], accountId: string, now: Date): Promise<boolean> {
    const saved = await this.db
      .insert(usedTrials)
      .values(personKeys.map((personKey) => ({ personKey, accountId, startedAt: now })))
      .onConflictDoNothing()
      .returning({ personKey: usedTrials.personKey });
    return saved.length === personKeys.length;
  }

  /** Another plan during the trial: the end date stays. */
  async switchPlan(accountId: string, planType: PlanType, now: Date): Promise<SubscriptionRow> {
    const [saved] = await this.db.update(subscriptions).set({ planType, updatedAt: now }).where(eq(subscriptions.accountId, accountId)).returning();
    return saved;
  }

  /** Ends every trial whose end date has passed: no plan selected. Returns the accounts it ended. */
  async endTrialsDue(now: Date): Promise<SubscriptionRow[]> {
    return this.db
      .update(subscriptions)
      .set({ planType: null, status: 'none', updatedAt: now })
      .where(and(eq(subscriptions.status, 'trial'), lte(subscriptions.trialEndDate, now)))
      .returning();
  }

  /** Trials ending by `until` whose owner was not told yet: marked told now, and returned. */
  async trialsEndingBy(now: Date, until: Date): Promise<SubscriptionRow[]> {
    return this.db
      .update(subscriptions)
      .set({ trialEndingNoticeAt: now })
      .where(
        and(
          eq(subscriptions.status, 'trial'),
          gt(subscriptions.trialEndDate, now),
          lte(subscriptions.trialEndDate, until),
          isNull(subscriptions.trialEndingNoticeAt),
          isNotNull(subscriptions.ownerId),
        ),
      )
      .returning();
  }

  /** Development only: the account's dates move `days` into the past, as if its clock had moved on. */
  async shiftIntoPast(accountId: string, days: number): Promise<void> {
    const shift = sql`make_interval(days => ${days}::int)`;
    await this.db
      .update(subscriptions)
      .set({
        trialEndDate: sql`${subscriptions.trialEndDate} - ${shift}`,
        trialStartedAt: sql`${subscriptions.trialStartedAt} - ${shift}`,
      })
      .where(eq(subscriptions.accountId, accountId));
  }
}
