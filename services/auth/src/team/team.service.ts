import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AccountEvent,
  ErrorCode,
  LEAVE_AS_OWNER,
  OK,
  invitationLimitReached,
  invitationRecipientLimitReached,
  USER_NOT_FOUND,
  type CallerIdentity,
  type ListRolesReply,
  type ListTeamReply,
  type OkReply,
  type ReceivedPayload,
  type TeamMember,
  type UserRole,
  AccountSubject,
} from '@coffer/contracts';
import { EventBus, invalid, notFound, rpcError, SERVICE_CONFIG, tokenHash, UnitOfWork } from '@coffer/server-core';
import type { AuthConfig } from '../config.js';
import { tryAgainIn } from '../rate-limits/rate-limits.service.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { ProfilesRepository } from '../profiles/profiles.repository.js';
import { AccessService } from './access.service.js';
import { MembershipService } from './membership.service.js';
import { TeamRepository, type TeamMemberRow, type UserRoleRow } from './team.repository.js';

/** An invitation, or the member who accepted it with their name and their role as it is now (Permissions may have changed it). */
const toTeamMember = (row: TeamMemberRow, member?: { fullName: string; role: TeamMember['role'] | 'owner' }): TeamMember => ({
  id: row.id,
  userId: row.status === 'active' ? row.userId : null,
  email: row.email,
  fullName: member?.fullName || null,
  role: member && member.role !== 'owner' ? member.role : row.role,
  status: row.status,
  invitedAt: row.invitedAt.toISOString(),
});
const toUserRole = (row: UserRoleRow): UserRole => ({
  id: row.id,
  userId: row.userId,
  email: row.email,
  role: row.role,
  createdAt: row.createdAt.toISOString(),
});

/** 429 with when a place frees up: an hour after the oldest send that counts. */
function tooManyInvitations(message: (when: string) => string, oldest: Date | undefined) {
  const retryAfterSeconds = Math.max(1, Math.ceil(((oldest?.getTime() ?? Date.now()) + 3600_000 - Date.now()) / 1000));
  return rpcError(ErrorCode.TooManyAttempts, 429, message(tryAgainIn(retryAfterSeconds)), { retryAfterSeconds });
}

/** The Team Members section and the User Permissions card: invitations, members and the roles given to them. */
@Injectable()
export class TeamService {
  constructor(
    @Inject(TeamRepository) private readonly team: TeamRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(AccessService) private readonly access: AccessService,
    @Inject(MembershipService) private readonly membership: MembershipService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
    @Inject(ProfilesRepository) private readonly profiles: ProfilesRepository,
  ) {}

  /**
   * How an invitation names the team: the company when the owner has set one; else the owner "and their
   * team" (just "their team" when the owner invites), never a bare person's name that reads like a company.
   */
  private async invitingTeam(inviterId: string, account: { ownerId: string; name: string } | undefined): Promise<string> {
    if (!account) return 'their team';
    const company = (await this.profiles.find(account.ownerId))?.company?.trim();
    if (company) return company;
    if (account.ownerId === inviterId) return 'their team';
    const owner = await this.users.findById(account.ownerId);
    return `${owner?.fullName.trim() || owner?.email || account.name} and their team`;
  }

  /** Everyone in the account sees who else is in it; only owners and admins change it. */
  async list(caller: CallerIdentity): Promise<ListTeamReply> {
    const user = await this.access.current(caller);
    const rows = await this.team.listMembers(user.accountId);
    const people = await this.users.peopleOf(rows.flatMap((r) => (r.status === 'active' && r.userId ? [r.userId] : [])));
    const account = await this.team.account(user.accountId);
    const owner = account ? await this.users.findById(account.ownerId) : undefined;
    return {
      items: rows.map((r) => toTeamMember(r, r.status === 'active' && r.userId ? people.get(r.userId) : undefined)),
      owner: { userId: owner?.id ?? user.id, fullName: owner?.fullName ?? user.fullName, email: owner?.email ?? user.email },
    };
  }

  async invite(caller: CallerIdentity, input: ReceivedPayload<typeof AccountSubject.InviteMember>): Promise<TeamMember> {
    const inviter = await this.access.require(caller, 'manageTeam');
    const existing = await this.users.findByEmail(input.email);
    if (existing?.accountId === inviter.accountId) throw rpcError(ErrorCode.Conflict, 409, `${input.email} is already in your team`);
    const team = await this.invitingTeam(inviter.id, await this.team.account(inviter.accountId));
    const token = randomBytes(32).toString('base64url');
    const row = await this.unit.run(async () => {
      const created = await this.team.invite({
        accountId: inviter.accountId,
        email: input.email,
        role: input.role,
        invitedBy: inviter.id,
        tokenHash: tokenHash(token),
      });
      if (!created) return undefined;
      await this.checkSendLimits(inviter.id, created.email);
      await this.bus.record(AccountEvent.MemberInvited, {
        accountId: inviter.accountId,
        actorId: inviter.id,
        payload: {
          invitationId: created.id,
          email: created.email,
          role: created.role,
          inviterName: inviter.fullName,
          accountName: team,
          token,
        },
      });
      return created;
    });
    if (!row) throw rpcError(ErrorCode.Conflict, 409, `${input.email} has already been invited`);
    return toTeamMember(row);
  }

  /**
   * Withdraws an invitation, or takes an active member out of the account: their files stay, handed to
   * `filesTo` (someone else in the account; the owner when not given), and every session of theirs ends.
   */
  async remove(caller: CallerIdentity, id: string, filesTo?: string): Promise<OkReply> {
    const actor = await this.access.require(caller, 'manageTeam');
    const row = await this.team.member(actor.accountId, id);
    if (!row) throw notFound('Team member not found');
    const removed = await this.unit.run(async () => {
      await this.team.deleteMember(row.id);
      const member = row.status === 'active' && row.userId ? await this.users.lockById(row.userId) : undefined;
      if (member?.accountId === actor.accountId) {
        await this.membership.remove(member, actor.id, await this.membership.filesReceiver(member, filesTo));
        return member;
      }
      if (row.status === 'pending')
        await this.bus.record(AccountEvent.InvitationWithdrawn, {
          accountId: actor.accountId,
          actorId: actor.id,
          payload: { invitationId: row.id, email: row.email },
        });
      return undefined;
    });
    // Their access tokens are refused already (their membership changed); their refresh tokens end now too.
    if (removed) await this.sessions.revokeAll(removed.id);
    return OK;
  }

  /** A member (not the owner) leaves the account themselves: their files stay, with its owner, and they get an empty account of their own. */
  async leave(caller: CallerIdentity): Promise<OkReply> {
    const user = await this.access.current(caller);
    const account = await this.team.account(user.accountId);
    if (!account || account.ownerId === user.id) throw rpcError(ErrorCode.Conflict, 409, LEAVE_AS_OWNER);
    await this.unit.run(async () => {
      const row = await this.team.membershipOf(user.id);
      if (row?.accountId === user.accountId) await this.team.deleteMember(row.id);
      await this.membership.remove(user, user.id, await this.membership.filesReceiver(user));
    });
    return OK;
  }

  /**
   * Each invitation sends an email: one owner or admin may send only so many an hour, and fewer to
   * one address (inviting, withdrawing and inviting again counts each time). 429 says when to try again.
   */
  private async checkSendLimits(senderId: string, email: string) {
    const sent = await this.team.invitationSendsInLastHour(senderId, email);
    if (sent.all >= this.config.INVITATION_SENDS_PER_HOUR) throw tooManyInvitations(invitationLimitReached, sent.oldest);
    if (sent.toRecipient >= this.config.INVITATION_SENDS_PER_RECIPIENT_PER_HOUR)
      throw tooManyInvitations(invitationRecipientLimitReached, sent.oldestToRecipient);
    await this.team.recordInvitationSend(senderId, email);
  }

  async listRoles(caller: CallerIdentity): Promise<ListRolesReply> {
    const user = await this.permissionsManager(caller);
    return { items: (await this.team.listRoles(user.accountId)).map(toUserRole) };
  }

  /** Gives a member of the account a role; anyone else is "User not found with that email". */
  async addRole(caller: CallerIdentity, input: ReceivedPayload<typeof AccountSubject.AddRole>): Promise<UserRole> {
    const actor = await this.permissionsManager(caller);
    const target = await this.users.findByEmail(input.email);
    if (!target || target.accountId !== actor.accountId) throw notFound(USER_NOT_FOUND);
    if (target.role === 'owner') throw invalid("The account owner's role cannot be changed");
    const saved = await this.unit.run(async () => {
      const row = await this.team.upsertRole({ accountId: actor.accountId, userId: target.id, email: target.email, role: input.role });
      await this.membership.refreshRole(target.id, actor.id);
      await this.bus.record(AccountEvent.RolesChanged, {
        accountId: actor.accountId,
        actorId: actor.id,
        payload: { roleId: row.id, userId: target.id, role: row.role },
      });
      return row;
    });
    return toUserRole(saved);
  }

  async removeRole(caller: CallerIdentity, id: string): Promise<OkReply> {
    const actor = await this.permissionsManager(caller);
    const row = await this.team.roleById(actor.accountId, id);
    if (!row) throw notFound('Role not found');
    await this.unit.run(async () => {
      await this.team.deleteRole(row.id);
      await this.membership.refreshRole(row.userId, actor.id);
      await this.bus.record(AccountEvent.RolesChanged, {
        accountId: actor.accountId,
        actorId: actor.id,
        payload: { roleId: row.id, userId: row.userId, role: null },
      });
    });
    return OK;
  }

  private async permissionsManager(caller: CallerIdentity) {
    const user = await this.access.require(caller, 'manageTeam');
    await this.access.requireFeature(user, 'hasPermissions');
    return user;
  }
}
