import { Inject, Injectable } from '@nestjs/common';
import {
  DevicesEvent,
  MEMBER_NOT_FOUND,
  OK,
  SESSION_NOT_FOUND,
  type CallerIdentity,
  type DeviceSession,
  type EndedSessionsReply,
  type ListSessionsReply,
  type OkReply,
  type SessionsEnded,
} from '@coffer/contracts';
import { EventBus, notFound } from '@coffer/server-core';
import { browserLabel } from '../sessions/browser-label.js';
import { SessionsRepository, type SessionRow } from '../sessions/sessions.repository.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { AccessService } from '../team/access.service.js';
import { TeamRepository } from '../team/team.repository.js';
import { UsersRepository, type UserRow } from '../users/users.repository.js';

/**
 * The browsers a person is signed in on (Settings → Security): each session shown by its family (the id stays
 * while the browser renews its tokens); ending one holds at once on every gateway, through SessionsService.end.
 */
@Injectable()
export class DevicesService {
  constructor(
    @Inject(SessionsRepository) private readonly sessions: SessionsRepository,
    @Inject(SessionsService) private readonly sessionsService: SessionsService,
    @Inject(AccessService) private readonly access: AccessService,
    @Inject(TeamRepository) private readonly team: TeamRepository,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(EventBus) private readonly bus: EventBus,
  ) {}

  async list(caller: CallerIdentity): Promise<ListSessionsReply> {
    const user = await this.access.current(caller);
    const current = await this.currentFamily(caller);
    return { items: (await this.sessions.liveOf(user.id)).map((row) => toDeviceSession(row, current)) };
  }

  /** Signs one of the caller's browsers out (their own current one too: that is a sign-out). */
  async endOne(caller: CallerIdentity, id: string): Promise<OkReply> {
    const user = await this.access.current(caller);
    const session = (await this.sessions.liveOf(user.id)).find((row) => row.familyId === id);
    if (!session) throw notFound(SESSION_NOT_FOUND);
    await this.sessionsService.end(user.id, { familyId: id }, (ended) =>
      this.recordEnded(user, user, { scope: 'one', browser: browserLabel(session.userAgent), count: ended.length }),
    );
    return OK;
  }

  /** Signs every other browser of the caller out. */
  async endOthers(caller: CallerIdentity): Promise<EndedSessionsReply> {
    const user = await this.access.current(caller);
    const keep = await this.currentFamily(caller);
    const ended = await this.sessionsService.end(user.id, { userId: user.id, exceptFamilyId: keep }, (ids) =>
      ids.length ? this.recordEnded(user, user, { scope: 'others', count: ids.length }) : Promise.resolve(),
    );
    return { ended: ended.length };
  }

  /** An owner or admin signs a member of their account out of every browser (an admin never the owner). */
  async signMemberOut(caller: CallerIdentity, teamMemberId: string): Promise<EndedSessionsReply> {
    const actor = await this.access.require(caller, 'manageTeam');
    const row = await this.team.member(actor.accountId, teamMemberId);
    const member = row?.status === 'active' && row.userId ? await this.users.findById(row.userId) : undefined;
    if (!member || member.accountId !== actor.accountId || (member.role === 'owner' && actor.role !== 'owner')) throw notFound(MEMBER_NOT_FOUND);
    const ended = await this.sessionsService.end(member.id, { userId: member.id }, (ids) =>
      this.recordEnded(actor, member, { scope: 'everywhere', count: ids.length }),
    );
    return { ended: ended.length };
  }

  private async currentFamily(caller: CallerIdentity): Promise<string | undefined> {
    return caller.sessionId ? (await this.sessions.find(caller.sessionId))?.familyId : undefined;
  }

  private recordEnded(actor: UserRow, whose: UserRow, what: Pick<SessionsEnded, 'scope' | 'browser' | 'count'>) {
    return this.bus
      .record(DevicesEvent.SessionsEnded, { accountId: whose.accountId, actorId: actor.id, payload: { userId: whose.id, email: whose.email, ...what } })
      .then(() => undefined);
  }
}

function toDeviceSession(row: SessionRow, currentFamily: string | undefined): DeviceSession {
  return {
    id: row.familyId,
    browser: browserLabel(row.userAgent),
    ipAddress: row.ipAddress,
    signedInAt: row.signedInAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    current: row.familyId === currentFamily,
  };
}
