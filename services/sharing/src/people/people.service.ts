import { Inject, Injectable } from '@nestjs/common';
import type { DomainEvent, EmailVerified, MembershipChanged, NameChanged, UserRegistered } from '@coffer/contracts';
import { SharesRepository } from '../shares/shares.repository.js';
import { PeopleRepository } from './people.repository.js';

/** Keeps who the Coffer users are in step with auth's events: names for emails, and whose address is confirmed. */
@Injectable()
export class PeopleService {
  constructor(
    @Inject(PeopleRepository) private readonly people: PeopleRepository,
    @Inject(SharesRepository) private readonly shares: SharesRepository,
  ) {}

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
    if (payload.accountId !== payload.previousAccountId) await this.shares.moveSharer(payload.userId, payload.accountId);
  }
}
