import { Inject, Injectable } from '@nestjs/common';
import type { DomainEvent, MembershipChanged, PersonalDataInventory, UserDeleted } from '@coffer/contracts';
import { ObjectStorage } from '../storage/object-storage.js';
import { PeopleRepository } from './people.repository.js';

/** What a user's joining, leaving or deletion does to their files. */
@Injectable()
export class PeopleService {
  constructor(
    @Inject(PeopleRepository) private readonly people: PeopleRepository,
    @Inject(ObjectStorage) private readonly objects: ObjectStorage,
  ) {}

  async membershipChanged({ payload }: DomainEvent<MembershipChanged>) {
    if (payload.accountId !== payload.previousAccountId) await this.people.move(payload.userId, payload.accountId);
  }

  /** Their bytes go first, then their rows: a redelivery after a failure finds the rows and deletes what is left. */
  async userDeleted({ payload }: DomainEvent<UserDeleted>) {
    await this.objects.removeAll(ObjectStorage.prefixOf(payload.userId));
    await this.people.erase(payload.userId);
  }

  async inventory(userId: string): Promise<PersonalDataInventory> {
    let objects = 0;
    for await (const keys of this.objects.keys(ObjectStorage.prefixOf(userId))) objects += keys.length;
    return { service: 'files', counts: { ...(await this.people.inventory(userId)), s3_objects: objects } };
  }
}
