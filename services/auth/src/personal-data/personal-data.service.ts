import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AccountEvent,
  DELETE_CONFIRMATION_MISMATCH,
  ErrorCode,
  OK,
  OWNER_WITH_MEMBERS,
  type CallerIdentity,
  type OkReply,
  type PersonalDataInventory,
} from '@coffer/contracts';
import { EventBus, invalid, rpcError, UnitOfWork } from '@coffer/server-core';
import { AvatarStorage } from '../profiles/avatar-storage.js';
import { RevocationsService } from '../revocations/revocations.service.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { AccessService } from '../team/access.service.js';
import { MembershipService } from '../team/membership.service.js';
import { TeamRepository } from '../team/team.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { PersonalDataRepository, type ErasedPerson } from './personal-data.repository.js';

/**
 * Delete Account: the user's sessions end, their rows here go in one
 * transaction that records UserDeleted (every other service erases what it
 * holds of them from that one event), then their avatar objects.
 */
@Injectable()
export class PersonalDataService {
  private readonly logger = new Logger(PersonalDataService.name);

  constructor(
    @Inject(PersonalDataRepository) private readonly personalData: PersonalDataRepository,
    @Inject(TeamRepository) private readonly team: TeamRepository,
    @Inject(AccessService) private readonly access: AccessService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(RevocationsService) private readonly revocations: RevocationsService,
    @Inject(AvatarStorage) private readonly avatars: AvatarStorage,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(MembershipService) private readonly membership: MembershipService,
  ) {}

  async deleteUser(caller: CallerIdentity, confirmation: string): Promise<OkReply> {
    const user = await this.access.current(caller);
    if (confirmation !== user.email.toLowerCase()) throw invalid(DELETE_CONFIRMATION_MISMATCH);
    const account = await this.team.account(user.accountId);
    const ownsAccount = account?.ownerId === user.id;
    if (ownsAccount && (await this.users.otherUsers(user.accountId, user.id)) > 0) throw rpcError(ErrorCode.Conflict, 409, OWNER_WITH_MEMBERS);
    await this.sessions.revokeAll(user.id);
    await this.unit.run(async () => {
      // A member's files stay with the account: its owner receives them (the files and sharing services hand them over first).
      const filesTo = ownsAccount ? undefined : await this.membership.filesReceiver(user);
      await this.personalData.erase({ userId: user.id, email: user.email }, ownsAccount ? user.accountId : undefined);
      // Every access token they still hold stays refused, by every gateway, also one that starts later.
      await this.revocations.userDeleted(user.id);
      await this.bus.record(AccountEvent.UserDeleted, {
        accountId: user.accountId,
        actorId: user.id,
        payload: { userId: user.id, email: user.email, fullName: user.fullName, accountId: user.accountId, accountDeleted: ownsAccount, filesTo },
      });
    });
    await this.avatars.removeAll(AvatarStorage.prefixOf(user.id));
    this.logger.log({ msg: 'Deleted a user', userId: user.id, accountDeleted: ownsAccount });
    return OK;
  }

  async inventory(person: ErasedPerson): Promise<PersonalDataInventory> {
    const counts = await this.personalData.inventory(person);
    let objects = 0;
    for await (const keys of this.avatars.keys(AvatarStorage.prefixOf(person.userId))) objects += keys.length;
    return { service: 'auth', counts: { ...counts, s3_objects: objects } };
  }
}
