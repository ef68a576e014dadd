import { Inject, Injectable } from '@nestjs/common';
import {
  AccountEvent,
  ErrorCode,
  INVITATION_EMAIL_NOT_CONFIRMED,
  INVITATION_NOT_FOUND,
  OK,
  invitationBlockers,
  invitationFilesMove,
  type CallerIdentity,
  type Invitation,
  type ListInvitationsReply,
  type OkReply,
} from '@coffer/contracts';
import { EventBus, notFound, rpcError, UnitOfWork } from '@coffer/server-core';
import { UsersRepository, type UserRow } from '../users/users.repository.js';
import { AccessService } from './access.service.js';
import { MembershipService } from './membership.service.js';
import { TeamRepository, type TeamMemberRow } from './team.repository.js';

/**
 * The invitations to the caller's own address: joining is their own choice
 * (Join or Decline, decided here), never a side effect of signing in. Only the
 * person whose address was invited, once they proved it, may answer; one who
 * is in an account with other people leaves it first.
 */
@Injectable()
export class InvitationsService {
  constructor(
    @Inject(TeamRepository) private readonly team: TeamRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(AccessService) private readonly access: AccessService,
    @Inject(MembershipService) private readonly membership: MembershipService,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
  ) {}

  async list(caller: CallerIdentity): Promise<ListInvitationsReply> {
    const user = await this.access.current(caller);
    const current = await this.team.account(user.accountId);
    const rows = (await this.team.pendingInvitationsOf(user.email)).filter((r) => r.accountId !== user.accountId);
    const items: Invitation[] = [];
    for (const row of rows) items.push(await this.describe(user, row));
    return { items, emailConfirmed: Boolean(user.emailVerifiedAt), currentAccountName: current?.name ?? user.fullName, canLeave: current?.ownerId !== user.id };
  }

  /** The invited person joins the inviting account with the invited role; their files move with them. */
  async join(caller: CallerIdentity, id: string): Promise<OkReply> {
    await this.unit.run(async () => {
      const { user, invitation } = await this.answerable(caller, id);
      const blocker = await this.blocker(user, await this.accountName(invitation.accountId));
      if (blocker) throw rpcError(ErrorCode.Conflict, 409, blocker);
      if (!(await this.membership.accept(user, invitation))) throw notFound(INVITATION_NOT_FOUND);
    });
    return OK;
  }

  /** The invitation is gone from the inviter's list, and they are told. */
  async decline(caller: CallerIdentity, id: string): Promise<OkReply> {
    await this.unit.run(async () => {
      const { user, invitation } = await this.answerable(caller, id);
      await this.team.deleteMember(invitation.id);
      await this.bus.record(AccountEvent.InvitationDeclined, {
        accountId: invitation.accountId,
        actorId: user.id,
        payload: { invitationId: invitation.id, email: invitation.email, userId: user.id, fullName: user.fullName, invitedBy: invitation.invitedBy },
      });
    });
    return OK;
  }

  /**
   * A pending invitation to the caller's own, confirmed address; anyone else's is not found. The caller's
   * row stays locked until the answer is saved: two Joins at once cannot put them in two accounts.
   */
  private async answerable(caller: CallerIdentity, id: string): Promise<{ user: UserRow; invitation: TeamMemberRow }> {
    const user = await this.users.lockById(caller.userId);
    const invitation = user && (await this.team.pendingInvitation(id, user.email));
    if (!user || !invitation || invitation.accountId === user.accountId) throw notFound(INVITATION_NOT_FOUND);
    if (!user.emailVerifiedAt) throw rpcError(ErrorCode.EmailNotConfirmed, 403, INVITATION_EMAIL_NOT_CONFIRMED);
    return { user, invitation };
  }

  private async describe(user: UserRow, row: TeamMemberRow): Promise<Invitation> {
    const accountName = await this.accountName(row.accountId);
    const inviter = await this.users.findById(row.invitedBy);
    const blocker = await this.blocker(user, accountName);
    return {
      id: row.id,
      accountName,
      inviterName: inviter?.fullName ?? accountName,
      role: row.role,
      invitedAt: row.invitedAt.toISOString(),
      blocker: blocker ?? null,
      filesNote: blocker ? null : invitationFilesMove(accountName),
    };
  }

  /** Why `user` cannot join `inviting` now: a member of another account, or its owner with other people in it. */
  private async blocker(user: UserRow, inviting: string): Promise<string | undefined> {
    const own = await this.team.account(user.accountId);
    const current = own?.name ?? user.fullName;
    if (own?.ownerId !== user.id) return invitationBlockers.member(current, inviting);
    if ((await this.users.otherUsers(user.accountId, user.id)) > 0) return invitationBlockers.ownerWithMembers(current, inviting);
    return undefined;
  }

  private async accountName(accountId: string): Promise<string> {
    return (await this.team.account(accountId))?.name ?? 'A Coffer team';
  }
}
