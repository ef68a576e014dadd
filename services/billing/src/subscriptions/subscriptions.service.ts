import { Inject, Injectable } from '@nestjs/common';
import { BillingEvent, ErrorCode, TRIAL_DAYS, type AccountPlan, type CallerIdentity } from '@coffer/contracts';
import { planFeatures } from '@coffer/plans';
import { EventBus, forbidden, rpcError, type Database } from '@coffer/server-core';
import { SubscriptionsRepository, type PlanType, type SubscriptionRow } from './subscriptions.repository.js';

const toAccountPlan = (row: SubscriptionRow | undefined): AccountPlan => ({
  planType: row?.planType ?? null,
  status: row?.status ?? 'none',
  trialEndDate: row?.trialEndDate?.toISOString() ?? null,
  storageLimitBytes: planFeatures(row?.planType).storageLimit,
});

/** The plan of each account (no plan = the trial's features and 10 GB), and starting a trial of one. */
@Injectable()
export class SubscriptionsService {
  constructor(
    @Inject(SubscriptionsRepository) private readonly subscriptions: SubscriptionsRepository,
    @Inject(EventBus) private readonly bus: EventBus,
  ) {}

  async plan(caller: CallerIdentity): Promise<AccountPlan> {
    return toAccountPlan(await this.subscriptions.find(caller.accountId));
  }

  /** Spec §4 "Trial": 14 days of the chosen plan; only the account's owner chooses its plan. */
  async startTrial(caller: CallerIdentity, planType: PlanType): Promise<AccountPlan> {
    if (caller.role !== 'owner') throw forbidden('Only the account owner can choose a plan');
    const trialEndDate = new Date(Date.now() + TRIAL_DAYS * 86_400_000);
    const row = await this.bus.inTransaction(this.subscriptions, async (tx) => {
      const current = await this.subscriptions.lock(tx, caller.accountId);
      if (current?.status === 'active') throw rpcError(ErrorCode.Conflict, 409, 'Your account already has an active plan');
      const saved = await this.subscriptions.saveTrial(tx, caller.accountId, planType, trialEndDate);
      await this.bus.record(tx, BillingEvent.TrialStarted, {
        accountId: caller.accountId,
        actorId: caller.userId,
        payload: { planType, trialEndDate: trialEndDate.toISOString() },
      });
      return saved;
    });
    return toAccountPlan(row);
  }

  /** Every new account gets its subscription record, with no plan selected yet. */
  open(tx: Database, accountId: string): Promise<void> {
    return this.subscriptions.open(tx, accountId);
  }
}
