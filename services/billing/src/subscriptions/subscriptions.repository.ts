import { Injectable } from '@nestjs/common';
import { and, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { paymentEvents, subscriptions, usedTrials } from '../db/schema.js';

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

  /** The account subscribes (during or after its trial): active until `periodEnd`, its trial over. */
  async subscribe(owner: { accountId: string; userId: string }, planType: PlanType, now: Date, periodEnd: Date | null): Promise<SubscriptionRow> {
    const values = { planType, status: 'active' as const, trialEndDate: null, currentPeriodEnd: periodEnd, cancelAtPeriodEnd: false, updatedAt: now };
    const [saved] = await this.db
      .insert(subscriptions)
      .values({ accountId: owner.accountId, ownerId: owner.userId || null, ...values })
      .onConflictDoUpdate({ target: subscriptions.accountId, set: values })
      .returning();
    return saved;
  }

  /** The owner cancels (true: the plan stays until the period ends) or takes it back (false). */
  async setCancelAtPeriodEnd(accountId: string, cancel: boolean, now: Date): Promise<SubscriptionRow> {
    const [saved] = await this.db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: cancel, updatedAt: now })
      .where(eq(subscriptions.accountId, accountId))
      .returning();
    return saved;
  }

  /** Ends every cancelled subscription whose period is over: no plan selected. Returns them as they were (the plan that ended). */
  async endSubscriptionsDue(now: Date): Promise<SubscriptionRow[]> {
    const due = await this.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.status, 'active'), eq(subscriptions.cancelAtPeriodEnd, true), lte(subscriptions.currentPeriodEnd, now)))
      .for('update');
    if (due.length === 0) return [];
    await this.db
      .update(subscriptions)
      .set({ planType: null, status: 'none', currentPeriodEnd: null, cancelAtPeriodEnd: false, providerSubscriptionId: null, updatedAt: now })
      .where(
        inArray(
          subscriptions.accountId,
          due.map((row) => row.accountId),
        ),
      );
    return due;
  }

  /** The placeholder payment renews every period that ended uncancelled by a month (a provider's subscriptions renew by its webhooks). */
  async renewPeriodsDue(now: Date): Promise<number> {
    const renewed = await this.db
      .update(subscriptions)
      .set({ currentPeriodEnd: sql`${subscriptions.currentPeriodEnd} + make_interval(months => 1)`, updatedAt: now })
      .where(
        and(
          eq(subscriptions.status, 'active'),
          eq(subscriptions.cancelAtPeriodEnd, false),
          lte(subscriptions.currentPeriodEnd, now),
          isNull(subscriptions.providerSubscriptionId),
        ),
      )
      .returning({ accountId: subscriptions.accountId });
    return renewed.length;
  }

  /** The payment provider's subscription as its webhook says it is now. */
  async applyProviderSubscription(
    accountId: string,
    change: { planType: PlanType; periodEnd: Date | null; cancelAtPeriodEnd: boolean; customerId: string | null; subscriptionId: string },
    now: Date,
  ): Promise<SubscriptionRow | undefined> {
    const [saved] = await this.db
      .update(subscriptions)
      .set({
        planType: change.planType,
        status: 'active',
        trialEndDate: null,
        currentPeriodEnd: change.periodEnd,
        cancelAtPeriodEnd: change.cancelAtPeriodEnd,
        providerCustomerId: sql`coalesce(${change.customerId}, ${subscriptions.providerCustomerId})`,
        providerSubscriptionId: change.subscriptionId,
        updatedAt: now,
      })
      .where(eq(subscriptions.accountId, accountId))
      .returning();
    return saved;
  }

  /** The account whose provider subscription this is. */
  async findByProviderSubscription(subscriptionId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subscriptionId));
    return row;
  }

  /** The provider's subscription ended (deleted): no plan selected. Returns it as it was. */
  async endProviderSubscription(accountId: string, now: Date): Promise<SubscriptionRow | undefined> {
    const before = await this.lock(accountId);
    if (!before || before.status !== 'active') return undefined;
    await this.db
      .update(subscriptions)
      .set({ planType: null, status: 'none', currentPeriodEnd: null, cancelAtPeriodEnd: false, providerSubscriptionId: null, updatedAt: now })
      .where(eq(subscriptions.accountId, accountId));
    return before;
  }

  /** Records a payment provider's event id; false when it was applied before (a redelivery or a replay). */
  async recordPaymentEvent(eventId: string, type: string, now: Date): Promise<boolean> {
    const saved = await this.db
      .insert(paymentEvents)
      .values({ eventId, type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    return saved.length === 1;
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
        currentPeriodEnd: sql`${subscriptions.currentPeriodEnd} - ${shift}`,
      })
      .where(eq(subscriptions.accountId, accountId));
  }
}
