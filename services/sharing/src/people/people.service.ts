import { Inject, Injectable } from '@nestjs/common';
import type { DomainEvent, EmailVerified, MembershipChanged, NameChanged, UserRegistered } from '@coffer/contracts';
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

  /** Their name as it is now (their shares move, or stay, in PersonalDataService). */
  async membershipChanged({ payload }: DomainEvent<MembershipChanged>) {
    await this.people.remember({ userId: payload.userId, email: payload.email, fullName: payload.fullName });
  }
}
