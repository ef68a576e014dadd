import { Inject, Injectable } from '@nestjs/common';
import type { DomainEvent, MembershipChanged, PersonalDataInventory, UserDeleted } from '@coffer/contracts';
import { SharesRepository } from '../shares/shares.repository.js';
import { PersonalDataRepository } from './personal-data.repository.js';

/** A deleted user's data in sharing, and the proof it is gone. */
@Injectable()
export class PersonalDataService {
  constructor(
    @Inject(PersonalDataRepository) private readonly personalData: PersonalDataRepository,
    @Inject(SharesRepository) private readonly shares: SharesRepository,
  ) {}

  /**
   * Joining an account: the shares a person made count in it now. Removed from one, or leaving it: the files
   * stay there with `filesTo`, and so do the shares of them (their recipients keep them). Shares made to the
   * person's address stay theirs: shares by email, still enforced, in whatever account they are.
   */
  async membershipChanged({ payload }: DomainEvent<MembershipChanged>) {
    if (payload.filesTo) await this.personalData.handOver(payload.userId, payload.filesTo, payload.previousAccountId);
    else if (payload.accountId !== payload.previousAccountId) await this.shares.moveSharer(payload.userId, payload.accountId);
  }

  /**
   * A member's shares are handed to the owner with their files; then the deleted user's shares go, both ways:
   * what they still shared, and what was shared with them (its sharer sees it gone).
   */
  async userDeleted({ payload }: DomainEvent<UserDeleted>) {
    if (payload.filesTo) await this.personalData.handOver(payload.userId, payload.filesTo, payload.accountId);
    await this.personalData.erase(payload);
  }

  async inventory(person: { userId: string; email: string }): Promise<PersonalDataInventory> {
    return { service: 'sharing', counts: await this.personalData.inventory(person) };
  }
}
