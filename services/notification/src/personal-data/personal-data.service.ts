import { Inject, Injectable } from '@nestjs/common';
import type { DomainEvent, PersonalDataInventory, UserDeleted } from '@coffer/contracts';
import { Mailer } from '../email/mailer.js';
import { PersonalDataRepository, type ErasedPerson } from './personal-data.repository.js';

/** A deleted user's notifications, activity, preferences and record of emails go; so do the emails the development mailbox kept for them. */
@Injectable()
export class PersonalDataService {
  constructor(
    @Inject(PersonalDataRepository) private readonly personalData: PersonalDataRepository,
    @Inject(Mailer) private readonly mailer: Mailer,
  ) {}

  async userDeleted(event: DomainEvent<UserDeleted>) {
    const { userId, email, accountId, accountDeleted } = event.payload;
    await this.personalData.erase({ userId, email }, accountDeleted ? accountId : undefined);
    // Only what was sent before the deletion: a new sign-up with the same address keeps its own emails.
    await this.mailer.forget(email, new Date(event.occurredAt));
  }

  async inventory(person: ErasedPerson): Promise<PersonalDataInventory> {
    const counts: Record<string, number> = await this.personalData.inventory(person);
    if (this.mailer.capturing) counts.captured_mail = (await this.mailer.captured()).filter((m) => m.to.toLowerCase() === person.email.toLowerCase()).length;
    return { service: 'notification', counts };
  }
}
