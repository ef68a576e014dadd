import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AuthSubject,
  BillingEvent,
  ErrorCode,
  FilesSubject,
  PERSON_TRIAL_USED,
  PlanCopy,
  TRIAL_DAYS,
  TRIAL_ENDING_NOTICE_DAYS,
  type AccountPlan,
  type CallerIdentity,
  type CheckoutSession,
  type Subscription,
  type SubscriptionChanged,
} from '@coffer/contracts';
import { PLAN_DEFINITIONS, planFeatures } from '@coffer/plans';
import { EventBus, forbidden, notFound, rpcError, SERVICE_CONFIG, ServiceRequester, UnitOfWork } from '@coffer/server-core';
import type { BillingConfig } from '../config.js';
import { StripePayments, type CheckoutPlanType } from '../payments/stripe-payments.js';
import { Clock } from './clock.js';
import { SubscriptionsRepository, type PlanType, type SubscriptionRow } from './subscriptions.repository.js';
import { trialKeysOf, userTrialKey } from './used-trials.js';

const DAY_MS = 86_400_000;

/** Where the account's plan stands beyond its row: who takes payments, and whether the person asking had a trial elsewhere. */
export interface PlanContext {
  paymentProvider: Subscription['paymentProvider'];
  personTrialUsed?: boolean;
}

/** The one answer every service gets about an account's plan: its features come from the one feature table. */
export const toSubscription = (row: SubscriptionRow | undefined, context: PlanContext): Subscription => {
  const features = planFeatures(row?.planType);
  const trialUsed = Boolean(row?.trialStartedAt);
  return {
    planType: row?.planType ?? null,
    status: row?.status ?? 'none',
    trialEndDate: row?.trialEndDate?.toISOString() ?? null,
    storageLimitBytes: features.storageLimit,
    features: { ...features },
    periodEndDate: row?.status === 'active' ? (row.currentPeriodEnd?.toISOString() ?? null) : null,
    cancelAtPeriodEnd: row?.status === 'active' && row.cancelAtPeriodEnd,
    trialUsed,
    trialAvailable: !trialUsed && row?.status !== 'active' && !context.personTrialUsed,
    paymentProvider: context.paymentProvider,
  };
};

export const planName = (planType: PlanType) => PLAN_DEFINITIONS.find((p) => p.id === planType)?.name ?? planType;

/** A month on, the same day (the last of a shorter month): the period the placeholder payment covers. */
export const monthAfter = (date: Date) => {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  if (next.getUTCDate() !== date.getUTCDate()) next.setUTCDate(0);
  return next;
};

const GB = 1024 ** 3;
/** Storage in use as a refusal words it: "612.5 GB", "2.25 TB". */
const storageText = (bytes: number) =>
  bytes >= 1024 * GB ? `${parseFloat((bytes / (1024 * GB)).toFixed(2))} TB` : `${parseFloat((bytes / GB).toFixed(2))} GB`;

const ownerOnly = (caller: CallerIdentity) => {
  if (caller.role !== 'owner') throw forbidden('Only the account owner can choose a plan');
};
const conflict = (message: string) => rpcError(ErrorCode.Conflict, 409, message);

const trialUsed = () => rpcError(ErrorCode.Conflict, 409, 'Your account has already used its free trial');
const personTrialUsed = () => rpcError(ErrorCode.Conflict, 409, PERSON_TRIAL_USED);

/**
 * The plan of each account (no plan = the trial's features and 10 GB), the
 * account's one 14-day trial, and its end.
 */
@Injectable()
export class SubscriptionsService {
  private readonly logger = new Logger(SubscriptionsService.name);

  constructor(
    @Inject(SubscriptionsRepository) private readonly subscriptions: SubscriptionsRepository,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(ServiceRequester) private readonly services: ServiceRequester,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(SERVICE_CONFIG) private readonly config: BillingConfig,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
    @Inject(StripePayments) private readonly stripe: StripePayments,
  ) {}

  private get paymentProvider(): Subscription['paymentProvider'] {
    return this.stripe.configured ? 'stripe' : 'placeholder';
  }

  /** The account's plan: what other services gate on. */
  async plan(caller: CallerIdentity): Promise<AccountPlan> {
    const { planType, status, trialEndDate, storageLimitBytes, features } = this.toPlan(await this.subscriptions.find(caller.accountId));
    return { planType, status, trialEndDate, storageLimitBytes, features };
  }

  /** The account's plan and where its subscription and trial stand, as the caller sees it. */
  async subscription(caller: CallerIdentity): Promise<Subscription> {
    const row = await this.subscriptions.find(caller.accountId);
    // Only an account that never had a trial asks whether its caller had one elsewhere.
    const personTrialUsed = !row?.trialStartedAt && caller.userId ? await this.subscriptions.trialUsedBy([userTrialKey(caller.userId)]) : false;
    return this.toPlan(row, personTrialUsed);
  }

  toPlan(row: SubscriptionRow | undefined, personTrialUsed = false): Subscription {
    return toSubscription(row, { paymentProvider: this.paymentProvider, personTrialUsed });
  }

  /**
   * PRODUCT-DECISIONS "Plans and billing": the owner subscribes, during or after the trial, from the
   * same checkout; with the placeholder payment the plan is active at once, for a month at a time.
   */
  async subscribe(caller: CallerIdentity, planType: PlanType): Promise<Subscription> {
    ownerOnly(caller);
    if (this.paymentProvider !== 'placeholder') throw conflict('Please pay through the checkout page');
    const now = this.clock.now();
    const row = await this.unit.run(async () => {
      const current = await this.subscriptions.lock(caller.accountId);
      if (current?.status === 'active') throw conflict(PlanCopy.alreadySubscribed(planName(current.planType ?? planType)));
      const subscribed = await this.subscriptions.subscribe(caller, planType, now, monthAfter(now));
      await this.announce(caller, 'subscribed', subscribed);
      return subscribed;
    });
    return this.toPlan(row);
  }

  /** With a payment provider: the provider's checkout page for the plan; the subscription follows its webhooks. */
  async checkoutSession(caller: CallerIdentity, planType: PlanType): Promise<CheckoutSession> {
    ownerOnly(caller);
    if (this.paymentProvider === 'placeholder') throw conflict('No payment provider is configured');
    const current = await this.subscriptions.find(caller.accountId);
    if (current?.status === 'active') throw conflict(PlanCopy.alreadySubscribed(planName(current.planType ?? planType)));
    if (planType !== 'starter' && planType !== 'business' && planType !== 'pro') throw conflict('Please choose a plan');
    return { url: await this.stripe.checkoutUrl({ accountId: caller.accountId, planType, customerId: current?.providerCustomerId ?? null }) };
  }

  /** The operator's command (sales closed the deal by hand): the account is on Enterprise, active, with no period to renew. */
  async setEnterprise(accountId: string): Promise<Subscription> {
    const now = this.clock.now();
    const row = await this.unit.run(async () => {
      const current = await this.subscriptions.lock(accountId);
      if (!current) throw notFound('Account not found');
      const saved = await this.subscriptions.subscribe({ accountId, userId: current.ownerId ?? '' }, 'enterprise', now, null);
      await this.announce({ accountId, userId: '' }, 'enterprise', saved);
      return saved;
    });
    await this.bus.relay();
    return this.toPlan(row);
  }

  /** An active subscription moves to another plan; a plan smaller than the storage in use is refused with the numbers. */
  async changePlan(caller: CallerIdentity, planType: PlanType): Promise<Subscription> {
    ownerOnly(caller);
    const current = await this.subscriptions.find(caller.accountId);
    if (current?.status === 'trial') throw conflict(PlanCopy.useTrialSwitch);
    if (current?.status !== 'active') throw conflict(PlanCopy.notSubscribed);
    if (current.planType === 'enterprise') throw conflict(PlanCopy.enterpriseBySales);
    if (current.planType === planType) throw conflict(PlanCopy.alreadySubscribed(planName(planType)));
    const limit = planFeatures(planType).storageLimit;
    if (limit < planFeatures(current.planType).storageLimit) {
      const { usedBytes } = await this.services.request(FilesSubject.StorageUsage, {}, { caller });
      if (usedBytes > limit) throw conflict(PlanCopy.downgradeTooSmall(planName(planType), storageText(usedBytes), storageText(limit)));
    }
    await this.changeAtProvider(current, { planType });
    const now = this.clock.now();
    const row = await this.unit.run(async () => {
      const locked = await this.subscriptions.lock(caller.accountId);
      if (locked?.status !== 'active') throw conflict(PlanCopy.notSubscribed);
      // Already so: Stripe's webhook for this very change got here first, and announced it.
      if (locked.planType === planType) return locked;
      const changed = await this.subscriptions.switchPlan(caller.accountId, planType, now);
      await this.announce(caller, 'plan-changed', changed);
      return changed;
    });
    return this.toPlan(row);
  }

  /**
   * A subscription paid through Stripe changes at Stripe first: if Stripe refuses or cannot be reached,
   * nothing changes in Coffer either (never a plan shown that is not the one charged).
   */
  private async changeAtProvider(current: SubscriptionRow, change: { planType: PlanType } | { cancelAtPeriodEnd: boolean }) {
    if (!current.providerSubscriptionId || !this.stripe.configured) return;
    if ('planType' in change && change.planType === 'enterprise') throw conflict(PlanCopy.enterpriseBySales);
    try {
      await this.stripe.updateSubscription(current.providerSubscriptionId, change as { planType: CheckoutPlanType } | { cancelAtPeriodEnd: boolean });
    } catch (error) {
      this.logger.warn(`Stripe refused a change of subscription ${current.providerSubscriptionId}: ${(error as Error).message}`);
      throw rpcError(ErrorCode.ServiceUnavailable, 503, PlanCopy.providerUnavailable);
    }
  }

  /** Cancel (true): the plan stays until the period ends. Resume (false): it renews again. */
  async setCancelled(caller: CallerIdentity, cancel: boolean): Promise<Subscription> {
    ownerOnly(caller);
    const refusal = (row: SubscriptionRow | undefined) => {
      if (row?.status !== 'active') return PlanCopy.notSubscribed;
      if (row.planType === 'enterprise') return PlanCopy.enterpriseBySales;
      if (row.cancelAtPeriodEnd === cancel) return cancel ? PlanCopy.alreadyCancelled : PlanCopy.notCancelled;
      return undefined;
    };
    const before = await this.subscriptions.find(caller.accountId);
    const refused = refusal(before);
    if (refused) throw conflict(refused);
    await this.changeAtProvider(before!, { cancelAtPeriodEnd: cancel });
    const now = this.clock.now();
    const row = await this.unit.run(async () => {
      const current = await this.subscriptions.lock(caller.accountId);
      // Already so: Stripe's webhook for this very change got here first, and announced it.
      if (current?.status === 'active' && current.cancelAtPeriodEnd === cancel) return current;
      const refusedNow = refusal(current);
      if (refusedNow) throw conflict(refusedNow);
      const saved = await this.subscriptions.setCancelAtPeriodEnd(caller.accountId, cancel, now);
      await this.announce(caller, cancel ? 'cancelled' : 'resumed', saved);
      return saved;
    });
    return this.toPlan(row);
  }

  /**
   * Spec §4 "Trial" and the decisions: only the owner chooses the plan; one
   * trial per account and per person, ever (the person who starts it, known by
   * their user id and their address: see used-trials.ts); another plan during
   * the trial keeps its end date.
   */
  async startTrial(caller: CallerIdentity, planType: PlanType): Promise<Subscription> {
    ownerOnly(caller);
    // Spec §7 trial flow: the user first (the email needs their name and address).
    const { user } = await this.services.request(AuthSubject.GetSession, {}, { caller });
    const now = this.clock.now();
    const row = await this.unit.run(async () => {
      const current = await this.subscriptions.lock(caller.accountId);
      if (current?.status === 'active') throw conflict('Your account already has an active plan');
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
    return this.toPlan(row);
  }

  /**
   * Ends the trials past their end date: the account has no plan selected, its
   * files stay, its limit is the trial's; and tells the owners of trials ending
   * within 3 days, once; ends the cancelled subscriptions whose period is over and renews the others.
   * Once per cluster; returns how many ended or were told.
   */
  async endTrials(now = this.clock.now()): Promise<number> {
    const ended = await this.subscriptions.exclusively('coffer-billing-trial-expiry', async () => {
      const rows = await this.subscriptions.endTrialsDue(now);
      for (const row of rows) await this.announce({ accountId: row.accountId, userId: '' }, 'trial-ended', row);
      // Cancelled subscriptions whose period is over: no plan selected, as after a trial. Uncancelled ones renew.
      const endedSubscriptions = await this.subscriptions.endSubscriptionsDue(now);
      for (const row of endedSubscriptions) {
        await this.announce({ accountId: row.accountId, userId: '' }, 'subscription-ended', { ...row, planType: null, status: 'none' }, row.planType);
      }
      await this.subscriptions.renewPeriodsDue(now);
      const ending = await this.subscriptions.trialsEndingBy(now, new Date(now.getTime() + TRIAL_ENDING_NOTICE_DAYS * DAY_MS));
      for (const row of ending) {
        const planType = row.planType ?? 'trial';
        await this.bus.record(BillingEvent.TrialEnding, {
          accountId: row.accountId,
          actorId: '',
          payload: { ownerId: row.ownerId!, planType, planName: planName(planType as PlanType), trialEndDate: row.trialEndDate!.toISOString() },
        });
      }
      return rows.length + endedSubscriptions.length + ending.length;
    });
    if (ended) await this.bus.relay();
    return ended ?? 0;
  }

  /** Development only: the caller's account lives `days` on (its trial dates move back), then the expiry job runs. */
  async advanceClock(caller: CallerIdentity, days: number): Promise<Subscription> {
    if (this.config.NODE_ENV === 'production') throw notFound();
    await this.unit.run(() => this.subscriptions.shiftIntoPast(caller.accountId, days));
    await this.endTrials();
    return this.subscription(caller);
  }

  /** Every change of plan, status or period: audited, emailed to the owner, pushed to the account's screens. */
  announce(who: Pick<CallerIdentity, 'accountId' | 'userId'>, reason: SubscriptionChanged['reason'], row: SubscriptionRow, about = row.planType) {
    return this.bus.record(BillingEvent.SubscriptionChanged, {
      accountId: who.accountId,
      actorId: who.userId,
      payload: { reason, plan: this.toPlan(row), ownerId: row.ownerId, planName: about ? planName(about) : null },
    });
  }
}
