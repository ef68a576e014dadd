import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { BillingEvent, type AccountPlan, type CallerIdentity } from '@coffer/contracts';
import { EventBus, SERVICE_CONFIG } from '@coffer/server-core';
import type { FilesConfig } from '../config.js';
import { StorageService } from '../storage/storage.service.js';

type PlanFeatureSet = AccountPlan['features'];

/**
 * Each account's plan features, kept in memory by every instance of the files service so an access decision does not
 * ask billing over NATS: forgotten when billing announces a change of the account's plan (every instance hears it),
 * and after PLAN_FEATURES_TTL_SECONDS anyway (an event missed while NATS was away); at most PLAN_FEATURES_MAX_ACCOUNTS
 * accounts, the least recently asked about forgotten first.
 */
@Injectable()
export class PlanFeatures implements OnModuleInit {
  /** In least recently asked order (a Map keeps insertion order: an account asked about again moves to the end). */
  private readonly kept = new Map<string, { features: Promise<PlanFeatureSet>; until: number }>();

  constructor(
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(SERVICE_CONFIG) private readonly config: FilesConfig,
  ) {}

  onModuleInit() {
    this.bus.watch(BillingEvent.SubscriptionChanged, (event) => this.forget(event.accountId));
  }

  /** The features of the caller's account's plan. */
  of(caller: CallerIdentity): Promise<PlanFeatureSet> {
    const now = Date.now();
    const kept = this.kept.get(caller.accountId);
    this.kept.delete(caller.accountId);
    if (kept && kept.until > now) {
      this.kept.set(caller.accountId, kept);
      return kept.features;
    }
    const features = this.storage.plan(caller).then((plan) => plan.features);
    const entry = { features, until: now + this.config.PLAN_FEATURES_TTL_SECONDS * 1000 };
    this.kept.set(caller.accountId, entry);
    // A refusal is not kept: the next question asks again.
    features.catch(() => {
      if (this.kept.get(caller.accountId) === entry) this.kept.delete(caller.accountId);
    });
    if (this.kept.size > this.config.PLAN_FEATURES_MAX_ACCOUNTS) this.kept.delete(this.kept.keys().next().value!);
    return features;
  }

  /** The account's plan changed: its next decision asks billing (an answer on its way now is not kept either). */
  forget(accountId: string) {
    this.kept.delete(accountId);
  }
}
