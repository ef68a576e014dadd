import { Inject, Injectable } from '@nestjs/common';
import type { DomainEvent, EmailVerified, MembershipChanged, NameChanged, UserRegistered } from '@coffer/contracts';
import { SharesService } from '../shares/shares.service.js';
import { PeopleRepository } from './people.repository.js';

/** Keeps who the Coffer users are in step with auth's events: names for emails, and whose address is confirmed. */
@Injectable()
export class PeopleService {
  constructor(
    @Inject(PeopleRepository) private readonly people: PeopleRepository,
    @Inject(SharesService) private readonly sharing: SharesService,
  ) {}

  async registered({ payload }: DomainEvent<UserRegistered>) {
    await this.people.remember({ userId: payload.userId, email: payload.email, fullName: payload.fullName });
  }

  /** The first confirmation delivers the shares made to the address before it (SharesService.addressConfirmed). */
  emailVerified({ payload }: DomainEvent<EmailVerified>) {
    return this.sharing.addressConfirmed(payload.userId, payload.email);
  }

  /** The sharer's name in shares, share emails and notifications made from now on (the same event twice changes nothing more). */
  async nameChanged({ payload }: DomainEvent<NameChanged>) {
    await this.people.remember({ userId: payload.userId, email: payload.email, fullName: payload.fullName });
  }

  /** Their name as it is now (their shares move, or stay, in PersonalDataService). */
  async membershipChanged({ payload }: DomainEvent<MembershipChanged>) {
    await this.people.remember({ userId: payload.userId, email: payload.email, fullName: payload.fullName });
  }
}
