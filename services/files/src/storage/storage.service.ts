import { Inject, Injectable } from '@nestjs/common';
import {
  BillingSubject,
  MEMBER_STORAGE_REFUSED,
  roleMay,
  type AccountPlan,
  type CallerIdentity,
  type MemberStorage,
  type StorageUsage,
} from '@coffer/contracts';
import { forbidden, ServiceRequester } from '@coffer/server-core';
import { FilesRepository } from '../files/files.repository.js';
import { PersonalDataRepository } from '../personal-data/personal-data.repository.js';

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
    @Inject(PersonalDataRepository) private readonly people: PersonalDataRepository,
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

  /** Settings → Storage for the owner and admins (those who manage the team): what each person keeps in their My files, and each team folder holds. */
  async byMember(caller: CallerIdentity): Promise<MemberStorage> {
    if (!roleMay(caller.role, 'manageTeam')) throw forbidden(MEMBER_STORAGE_REFUSED);
    const [items, teamFolders, teamBytes] = await Promise.all([
      this.people.bytesByPerson(caller.accountId),
      this.files.teamFolders(caller.accountId),
      this.files.bytesByTeamFolder(caller.accountId),
    ]);
    return {
      items,
      teamFolders: teamFolders.map((f) => ({ id: f.id, name: f.name, bytes: teamBytes.get(f.id) ?? 0 })).sort((a, b) => b.bytes - a.bytes),
    };
  }
}
