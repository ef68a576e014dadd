import { Controller, Inject } from '@nestjs/common';
import { AccountSubject, type CallerIdentity, type ReceivedPayload } from '@coffer/contracts';
import { Caller, Handles, Received } from '@coffer/server-core';
import { TeamService } from './team.service.js';

/** Team members and user roles, forwarded to TeamService. */
@Controller()
export class TeamHandler {
  constructor(@Inject(TeamService) private readonly team: TeamService) {}

  @Handles(AccountSubject.ListTeam)
  list(@Caller() caller: CallerIdentity) {
    return this.team.list(caller);
  }

  @Handles(AccountSubject.InviteMember)
  invite(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof AccountSubject.InviteMember>) {
    return this.team.invite(caller, p);
  }

  @Handles(AccountSubject.RemoveMember)
  remove(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof AccountSubject.RemoveMember>) {
    return this.team.remove(caller, p.id);
  }

  @Handles(AccountSubject.LeaveTeam)
  leave(@Caller() caller: CallerIdentity) {
    return this.team.leave(caller);
  }

  @Handles(AccountSubject.ListRoles)
  listRoles(@Caller() caller: CallerIdentity) {
    return this.team.listRoles(caller);
  }

  @Handles(AccountSubject.AddRole)
  addRole(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof AccountSubject.AddRole>) {
    return this.team.addRole(caller, p);
  }

  @Handles(AccountSubject.RemoveRole)
  removeRole(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof AccountSubject.RemoveRole>) {
    return this.team.removeRole(caller, p.id);
  }
}
