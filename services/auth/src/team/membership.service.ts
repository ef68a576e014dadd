import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AccountEvent, FILES_RECEIVER_IS_LEAVING, FILES_RECEIVER_NOT_IN_TEAM, type FilesReceiver, type MembershipChanged, type Role } from '@coffer/contracts';
import { EventBus, invalid } from '@coffer/server-core';
import { RevocationsService } from '../revocations/revocations.service.js';
import { UsersRepository, type UserRow } from '../users/users.repository.js';
import { TeamRepository, type TeamMemberRow } from './team.repository.js';

/**
 * Which account a user belongs to and with what role. Every change raises the
 * user's membership version and announces it: gateways then refuse their older
 * access tokens (the browser refreshes them), and services move their rows.
 */
@Injectable()
export class MembershipService {
  constructor(
    @Inject(TeamRepository) private readonly team: TeamRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(RevocationsService) private readonly revocations: RevocationsService,
    @Inject(EventBus) private readonly bus: EventBus,
  ) {}

  /** The owner of the account; else the role given on User Permissions; else the role they were invited with; else member. */
  async effectiveRole(user: UserRow): Promise<Role> {
    const account = await this.team.account(user.accountId);
    if (account?.ownerId === user.id) return 'owner';
    const given = await this.team.roleOf(user.accountId, user.id);
    if (given) return given.role;
    const joined = await this.team.membershipOf(user.id);
    return joined?.accountId === user.accountId ? joined.role : 'member';
  }

  /** Recomputes a user's role after a role was given or taken, announcing it when it changed. */
  async refreshRole(userId: string, actorId: string): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) return;
    const role = await this.effectiveRole(user);
    if (role === user.role) return;
    const version = await this.users.setMembership(user.id, user.accountId, role);
    await this.announce(actorId, { user, accountId: user.accountId, role, version, reason: 'role-changed' });
  }

  /** Makes `user` an active member of the account that sent `invitation`. */
  async accept(user: UserRow, invitation: TeamMemberRow): Promise<boolean> {
    if (!(await this.team.activate(invitation.id, user.id))) return false;
    await this.team.deleteRolesOf(user.accountId, user.id);
    const version = await this.users.setMembership(user.id, invitation.accountId, invitation.role);
    await this.announce(user.id, { user, accountId: invitation.accountId, role: invitation.role, version, reason: 'joined', invitedBy: invitation.invitedBy });
    return true;
  }

  /**
   * Who receives the files of `member`, who is leaving the account: `chosen` (someone else in it), else its
   * owner. Their row stays locked until the unit of work ends, so they cannot leave the account meanwhile.
   */
  async filesReceiver(member: UserRow, chosen?: string): Promise<FilesReceiver> {
    const id = chosen ?? (await this.team.account(member.accountId))?.ownerId;
    if (id === member.id) throw invalid(FILES_RECEIVER_IS_LEAVING);
    const receiver = id ? await this.users.lockById(id) : undefined;
    if (!receiver || receiver.accountId !== member.accountId) throw invalid(FILES_RECEIVER_NOT_IN_TEAM);
    return { userId: receiver.id, fullName: receiver.fullName, email: receiver.email };
  }

  /**
   * Takes a member out of an account (or they leave it: `actorId` is theirs): they get an empty account of
   * their own; their files stay in the account they left, handed to `filesTo` (each service does its part).
   */
  async remove(user: UserRow, actorId: string, filesTo: FilesReceiver): Promise<void> {
    const accountId = randomUUID();
    await this.team.createAccount({ id: accountId, name: user.fullName, ownerId: user.id });
    await this.team.deleteRolesOf(user.accountId, user.id);
    const version = await this.users.setMembership(user.id, accountId, 'owner');
    await this.announce(actorId, { user, accountId, role: 'owner', version, reason: 'removed', filesTo });
  }

  private async announce(
    actorId: string,
    change: {
      user: UserRow;
      accountId: string;
      role: Role;
      version: number;
      reason: MembershipChanged['reason'];
      invitedBy?: string;
      filesTo?: FilesReceiver;
    },
  ) {
    const { user } = change;
    await this.revocations.membershipChanged(user.id, change.version);
    await this.bus.record(AccountEvent.MembershipChanged, {
      accountId: change.accountId,
      actorId,
      payload: {
        userId: user.id,
        email: user.email,
        fullName: user.fullName,
        accountId: change.accountId,
        previousAccountId: user.accountId,
        role: change.role,
        membershipVersion: change.version,
        reason: change.reason,
        invitedBy: change.invitedBy,
        filesTo: change.filesTo,
      },
    });
  }
}
