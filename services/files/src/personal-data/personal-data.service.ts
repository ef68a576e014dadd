import { Inject, Injectable } from '@nestjs/common';
import type { DomainEvent, MembershipChanged, PersonalDataInventory, UserDeleted } from '@coffer/contracts';
import { FilesRepository } from '../files/files.repository.js';
import { ObjectStorage } from '../storage/object-storage.js';
import { UploadsRepository } from '../uploads/uploads.repository.js';
import { PersonalDataRepository } from './personal-data.repository.js';

/** What a user's joining, leaving or deletion does to their files. */
@Injectable()
export class PersonalDataService {
  constructor(
    @Inject(PersonalDataRepository) private readonly personalData: PersonalDataRepository,
    @Inject(ObjectStorage) private readonly objects: ObjectStorage,
    @Inject(UploadsRepository) private readonly uploads: UploadsRepository,
    @Inject(FilesRepository) private readonly files: FilesRepository,
  ) {}

  async membershipChanged({ payload }: DomainEvent<MembershipChanged>) {
    if (payload.accountId !== payload.previousAccountId) await this.move(payload.userId, payload.accountId);
  }

  /** Their files, folders and open upload slots count against the account they are in now (slots first, as in an erasure). */
  async move(userId: string, accountId: string) {
    await this.uploads.moveOwner(userId, accountId);
    await this.files.moveOwner(userId, accountId);
  }

  /** Their bytes go first, then their rows: a redelivery after a failure finds the rows and deletes what is left. */
  async userDeleted({ payload }: DomainEvent<UserDeleted>) {
    await this.objects.removeAll(ObjectStorage.prefixOf(payload.userId));
    await this.personalData.erase(payload.userId);
  }

  async inventory(userId: string): Promise<PersonalDataInventory> {
    let objects = 0;
    for await (const keys of this.objects.keys(ObjectStorage.prefixOf(userId))) objects += keys.length;
    return { service: 'files', counts: { ...(await this.personalData.inventory(userId)), s3_objects: objects } };
  }
}
