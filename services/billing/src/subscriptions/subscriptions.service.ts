import { Inject, Injectable } from '@nestjs/common';
import {
  AuthSubject,
  BillingEvent,
  ErrorCode,
  PERSON_TRIAL_USED,
  TRIAL_DAYS,
  TRIAL_ENDING_NOTICE_DAYS,
  type AccountPlan,
  type CallerIdentity,
  type SubscriptionChanged,
} from '@coffer/contracts';
import { PLAN_DEFINITIONS, planFeatures } from '@coffer/plans';
import { EventBus, forbidden, notFound, rpcError, SERVICE_CONFIG, ServiceRequester, UnitOfWork } from '@coffer/server-core';
import type { BillingConfig } from '../config.js';
import { Clock } from './clock.js';
import { SubscriptionsRepository, type PlanType, type SubscriptionRow } from './subscriptions.repository.js';
import { trialKeysOf } from './used-trials.js';

const DAY_MS = 86_400_000;

/** The one answer every service gets about an account's plan: its features come from the one feature table. */
export const toAccountPlan = (row: SubscriptionRow | undefined): AccountPlan => {
  const features = planFeatures(row?.planType);
  return {
    planType: row?.planType ?? null,
    status: row?.status ?? 'none',
    trialEndDate: row?.trialEndDate?.toISOString() ?? null,
    storageLimitBytes: features.storageLimit,
    features: { ...features },
  };
};

const planName = (planType: PlanType) => PLAN_DEFINITIONS.find((p) => p.id === planType)?.name ?? planType;

const trialUsed = () => rpcError(ErrorCode.Conflict, 409, 'Your account has already used its free trial');
const personTrialUsed = () => rpcError(ErrorCode.Conflict, 409, PERSON_TRIAL_USED);

/**
 * The plan of each account (no plan = the trial's features and 10 GB), the
 * account's one 14-day trial, and its end.
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    @Inject(SubscriptionsRepository) private readonly subscriptions: SubscriptionsRepository,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(ServiceRequester) private readonly services: ServiceRequester,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: BillingConfig,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
  ) {}

  async plan(caller: CallerIdentity): Promise<AccountPlan> {
    return toAccountPlan(await this.subscriptions.find(caller.accountId));
  }

  /**
   * Spec §4 "Trial" and the decisions: only the owner chooses the plan; one
   * trial per account and per person, ever (the person who starts it, known by
   * their user id and their address: see used-trials.ts); another plan during
   * the trial keeps its end date.
   */
  async startTrial(caller: CallerIdentity, planType: PlanType): Promise<AccountPlan> {
    if (caller.role !== 'owner') throw forbidden('Only the account owner can choose a plan');
    // Spec §7 trial flow: the user first (the email needs their name and address).
    const { user } = await this.services.request(AuthSubject.GetSession, {}, { caller });
    const now = this.clock.now();
    const row = await this.unit.run(async () => {
      const current = await this.subscriptions.lock(caller.accountId);
      if (current?.status === 'active') throw rpcError(ErrorCode.Conflict, 409, 'Your account already has an active plan');
      const onTrial = current?.status === 'trial' && current.trialEndDate !== null && current.trialEndDate > now;
      if (onTrial) {
        const switched = await this.subscriptions.switchPlan(caller.accountId, planType, now);
        await this.announce(caller, 'plan-switched', switched);
        return switched;
      }
      if (current?.trialStartedAt) throw trialUsed();
      const personKeys = trialKeysOf({ userId: caller.userId, email: user.email });
      if (await this.subscriptions.trialUsedBy(personKeys)) throw personTrialUsed();
      const trialEndDate = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
      const started = await this.subscriptions.startTrial(caller, planType, now, trialEndDate);
      // Another account of the same person started one at the same moment and committed first.
      if (!(await this.subscriptions.recordTrialUse(personKeys, caller.accountId, now))) throw personTrialUsed();
      await this.bus.record(BillingEvent.TrialStarted, {
        accountId: caller.accountId,
        actorId: caller.userId,
        payload: { planType, planName: planName(planType), trialEndDate: trialEndDate.toISOString(), email: user.email, fullName: user.fullName },
      });
      await this.announce(caller, 'trial-started', started);
      return started;
    });
    return toAccountPlan(row);
  }

  /**
   * Ends the trials past their end date: the account has no plan selected, its
   * files stay, its limit is the trial's; and tells the owners of trials ending
   * within 3 days, once. Once per cluster; returns how many ended.
   */
  async endTrials(now = this.clock.now()): Promise<number> {
    const ended = await this.subscriptions.exclusively('coffer-billing-trial-expiry', async () => {
      const rows = await this.subscriptions.endTrialsDue(now);
      for (const row of rows) await this.announce({ accountId: row.accountId, userId: '' }, 'trial-ended', row);
      const ending = await this.subscriptions.trialsEndingBy(now, new Date(now.getTime() + TRIAL_ENDING_NOTICE_DAYS * DAY_MS));
      for (const row of ending) {
        const planType = row.planType ?? 'trial';
        await this.bus.record(BillingEvent.TrialEnding, {
          accountId: row.accountId,
          actorId: '',
          payload: { ownerId: row.ownerId!, planType, planName: planName(planType as PlanType), trialEndDate: row.trialEndDate!.toISOString() },
        });
      }
      return rows.length;
    });
    if (ended) await this.bus.relay();
    return ended ?? 0;
  }

  /** Development only: the caller's account lives `days` on (its trial dates move back), then the expiry job runs. */
  async advanceClock(caller: CallerIdentity, days: number): Promise<AccountPlan> {
    if (this.config.NODE_ENV === 'production') throw notFound();
    await this.unit.run(() => this.subscriptions.shiftIntoPast(caller.accountId, days));
    await this.endTrials();
    return this.plan(caller);
  }

  private announce(who: Pick<CallerIdentity, 'accountId' | 'userId'>, reason: SubscriptionChanged['reason'], row: SubscriptionRow) {
    return this.bus.record(BillingEvent.SubscriptionChanged, {
      accountId: who.accountId,
      actorId: who.userId,
      payload: { reason, plan: toAccountPlan(row) },
    });
  }
}
