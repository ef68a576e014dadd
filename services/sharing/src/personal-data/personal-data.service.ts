import { Inject, Injectable } from '@nestjs/common';
import type { DomainEvent, PersonalDataInventory, UserDeleted } from '@coffer/contracts';
import { PersonalDataRepository } from './personal-data.repository.js';

/** A deleted user's data in sharing, and the proof it is gone. */
@Injectable()
export class PersonalDataService {
  constructor(@Inject(PersonalDataRepository) private readonly personalData: PersonalDataRepository) {}

  /** The deleted user's shares go, both ways: what they shared, and what was shared with them (its sharer sees it gone). */
  userDeleted({ payload }: DomainEvent<UserDeleted>) {
    return this.personalData.erase(payload);
  }

  async inventory(person: { userId: string; email: string }): Promise<PersonalDataInventory> {
    return { service: 'sharing', counts: await this.personalData.inventory(person) };
  }
}
