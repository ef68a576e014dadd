import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AccountSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { InvitationsService } from './invitations.service.js';

/** The invitations to the caller's own address, forwarded to InvitationsService. */
@Controller()
export class InvitationsHandler implements OnModuleInit {
  constructor(
    @Inject(InvitationsService) private readonly invitations: InvitationsService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(AccountSubject.ListInvitations, ({ caller }) => this.invitations.list(caller));
    this.rpc.handle(AccountSubject.JoinInvitation, ({ caller, payload }) => this.invitations.join(caller, payload.id));
    this.rpc.handle(AccountSubject.DeclineInvitation, ({ caller, payload }) => this.invitations.decline(caller, payload.id));
  }
}
