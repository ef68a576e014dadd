import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BillingEvent,
  BillingSubject,
  ErrorCode,
  startTrialSchema,
  TRIAL_DAYS,
  type AccountPlan,
  type CallerIdentity,
  type TrialStarted,
} from '@coffer/contracts';
import { planFeatures } from '@coffer/plans';
import { Caller, DATABASE, EventBus, forbidden, rpcError, ZodPayloadPipe, type Database } from '@coffer/server-core';
import { subscriptions } from '../db/schema.js';

type SubscriptionRow = typeof subscriptions.$inferSelect;

const toAccountPlan = (row: SubscriptionRow | undefined): AccountPlan => ({
  planType: row?.planType ?? null,
  status: row?.status ?? 'none',
  trialEndDate: row?.trialEndDate?.toISOString() ?? null,
  storageLimitBytes: planFeatures(row?.planType).storageLimit,
});

/** The plan of the caller's account (no plan = the trial's features and 10 GB), and starting a trial of one. */
@Controller()
export class PlansHandler {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(EventBus) private readonly bus: EventBus,
  ) {}

  @MessagePattern(BillingSubject.GetPlan)
  async plan(@Caller() caller: CallerIdentity): Promise<AccountPlan> {
    const [row] = await this.db.select().from(subscriptions).where(eq(subscriptions.accountId, caller.accountId));
    return toAccountPlan(row);
  }

  /** Spec §4 "Trial": 14 days of the chosen plan; only the account's owner chooses its plan. */
  @MessagePattern(BillingSubject.StartTrial)
  async startTrial(@Caller() caller: CallerIdentity, @Payload(new ZodPayloadPipe(startTrialSchema)) p: z.output<typeof startTrialSchema>): Promise<AccountPlan> {
    if (caller.role !== 'owner') throw forbidden('Only the account owner can choose a plan');
    const trialEndDate = new Date(Date.now() + TRIAL_DAYS * 86_400_000);
    const row = await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.accountId, caller.accountId)).for('update');
      if (current?.status === 'active') throw rpcError(ErrorCode.Conflict, 409, 'Your account already has an active plan');
      const values = { planType: p.plan, status: 'trial' as const, trialEndDate, updatedAt: new Date() };
      const [saved] = await tx
        .insert(subscriptions)
        .values({ accountId: caller.accountId, ...values })
        .onConflictDoUpdate({ target: subscriptions.accountId, set: values })
        .returning();
      await this.bus.record<TrialStarted>(tx as unknown as Database, BillingEvent.TrialStarted, {
        accountId: caller.accountId,
        actorId: caller.userId,
        payload: { planType: p.plan, trialEndDate: trialEndDate.toISOString() },
      });
      return saved;
    });
    await this.bus.relay();
    return toAccountPlan(row);
  }
}
