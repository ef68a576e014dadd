import { Inject, Injectable } from '@nestjs/common';
import { BillingSubject, type AccountPlan, type CallerIdentity, type StorageUsage } from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { FilesRepository } from '../files/files.repository.js';

export interface StorageLimits {
  storageBytes: number;
  maxFileBytes: number;
}

/** How much the account stores, and how much its plan allows (billing knows the plan). */
@Injectable()
export class StorageService {
  constructor(
    @Inject(FilesRepository) private readonly files: FilesRepository,
    @Inject(ServiceRequester) private readonly services: ServiceRequester,
  ) {}

  /** The account's plan and its features (billing knows them). */
  plan(caller: CallerIdentity): Promise<AccountPlan> {
    return this.services.request(BillingSubject.GetPlan, {}, { caller });
  }

  /** What the account's plan allows: its storage, and its largest file. */
  async limits(caller: CallerIdentity): Promise<StorageLimits> {
    const plan = await this.plan(caller);
    return { storageBytes: plan.storageLimitBytes, maxFileBytes: plan.features.maxFileBytes };
  }

  async usage(caller: CallerIdentity): Promise<StorageUsage> {
    const [usedBytes, limits] = await Promise.all([this.files.storedBytes(caller.accountId), this.limits(caller)]);
    const limitBytes = limits.storageBytes;
    return { usedBytes, limitBytes };
  }
}
