import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AccountSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { TeamService } from './team.service.js';

/** Team members and user roles, forwarded to TeamService. */
@Controller()
export class TeamHandler implements OnModuleInit {
  constructor(
    @Inject(TeamService) private readonly team: TeamService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(AccountSubject.ListTeam, ({ caller }) => this.team.list(caller));
    this.rpc.handle(AccountSubject.InviteMember, ({ caller, payload }) => this.team.invite(caller, payload));
    this.rpc.handle(AccountSubject.RemoveMember, ({ caller, payload }) => this.team.remove(caller, payload.id, payload.filesTo));
    this.rpc.handle(AccountSubject.LeaveTeam, ({ caller }) => this.team.leave(caller));
    this.rpc.handle(AccountSubject.ListRoles, ({ caller }) => this.team.listRoles(caller));
    this.rpc.handle(AccountSubject.AddRole, ({ caller, payload }) => this.team.addRole(caller, payload));
    this.rpc.handle(AccountSubject.RemoveRole, ({ caller, payload }) => this.team.removeRole(caller, payload.id));
  }
}
