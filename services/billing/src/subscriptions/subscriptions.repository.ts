import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { Repository, type Database } from '@coffer/server-core';
import { subscriptions } from '../db/schema.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PlanType = NonNullable<SubscriptionRow['planType']>;

/** The only place that reads and writes subscriptions. */
@Injectable()
export class SubscriptionsRepository extends Repository {
  async find(accountId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db.select().from(subscriptions).where(eq(subscriptions.accountId, accountId));
    return row;
  }

  /** The account's subscription, locked until `tx` ends so two plan changes cannot interleave. */
  async lock(tx: Database, accountId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.accountId, accountId)).for('update');
    return row;
  }

  /** A new account's record: no plan yet (a redelivered registration changes nothing). */
  async open(tx: Database, accountId: string): Promise<void> {
    await tx.insert(subscriptions).values({ accountId, status: 'none' }).onConflictDoNothing();
  }

  async saveTrial(tx: Database, accountId: string, planType: PlanType, trialEndDate: Date): Promise<SubscriptionRow> {
    const values = { planType, status: 'trial' as const, trialEndDate, updatedAt: new Date() };
    const [saved] = await tx
      .insert(subscriptions)
      .values({ accountId, ...values })
      .onConflictDoUpdate({ target: subscriptions.accountId, set: values })
      .returning();
    return saved;
  }
}
