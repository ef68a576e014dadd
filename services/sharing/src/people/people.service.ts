import { Inject, Injectable } from '@nestjs/common';
import type { DomainEvent, EmailVerified, MembershipChanged, NameChanged, PersonalDataInventory, UserDeleted, UserRegistered } from '@coffer/contracts';
import { PeopleRepository } from './people.repository.js';

/** Keeps who the Coffer users are in step with auth's events: names for emails, and whose address is confirmed. */
@Injectable()
export class PeopleService {
  constructor(@Inject(PeopleRepository) private readonly people: PeopleRepository) {}

  registered({ payload }: DomainEvent<UserRegistered>) {
    return this.people.remember({ userId: payload.userId, email: payload.email, fullName: payload.fullName });
  }

  emailVerified({ payload }: DomainEvent<EmailVerified>) {
    return this.people.remember({ userId: payload.userId, email: payload.email, emailConfirmed: true });
  }

  /** The sharer's name in shares, share emails and notifications made from now on (the same event twice changes nothing more). */
  nameChanged({ payload }: DomainEvent<NameChanged>) {
    return this.people.remember({ userId: payload.userId, email: payload.email, fullName: payload.fullName });
  }

  async membershipChanged({ payload }: DomainEvent<MembershipChanged>) {
    await this.people.remember({ userId: payload.userId, email: payload.email, fullName: payload.fullName });
    if (payload.accountId !== payload.previousAccountId) await this.people.move(payload.userId, payload.accountId);
  }

  /** The deleted user's shares go, both ways: what they shared, and what was shared with them (its sharer sees it gone). */
  userDeleted({ payload }: DomainEvent<UserDeleted>) {
    return this.people.erase(payload);
  }

  async inventory(person: { userId: string; email: string }): Promise<PersonalDataInventory> {
    return { service: 'sharing', counts: await this.people.inventory(person) };
  }
}
