import { Inject, Injectable } from '@nestjs/common';
import { BillingSubject, type CallerIdentity, type StorageUsage } from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { FilesRepository } from '../files/files.repository.js';

/** How much the account stores, and how much its plan allows (billing knows the plan). */
@Injectable()
export class StorageService {
  constructor(
    @Inject(FilesRepository) private readonly files: FilesRepository,
    @Inject(ServiceRequester) private readonly services: ServiceRequester,
  ) {}

  async limit(caller: CallerIdentity): Promise<number> {
    const plan = await this.services.request(BillingSubject.GetPlan, {}, { caller });
    return plan.storageLimitBytes;
  }

  async usage(caller: CallerIdentity): Promise<StorageUsage> {
    const [usedBytes, limitBytes] = await Promise.all([this.files.storedBytes(caller.accountId), this.limit(caller)]);
    return { usedBytes, limitBytes };
  }
}
