import { Controller, Inject } from '@nestjs/common';
import { AccountSubject, type CallerIdentity, type ReceivedPayload } from '@coffer/contracts';
import { Caller, Handles, Received } from '@coffer/server-core';
import { InvitationsService } from './invitations.service.js';

/** The invitations to the caller's own address, forwarded to InvitationsService. */
@Controller()
export class InvitationsHandler {
  constructor(@Inject(InvitationsService) private readonly invitations: InvitationsService) {}

  @Handles(AccountSubject.ListInvitations)
  list(@Caller() caller: CallerIdentity) {
    return this.invitations.list(caller);
  }

  @Handles(AccountSubject.JoinInvitation)
  join(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof AccountSubject.JoinInvitation>) {
    return this.invitations.join(caller, p.id);
  }

  @Handles(AccountSubject.DeclineInvitation)
  decline(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof AccountSubject.DeclineInvitation>) {
    return this.invitations.decline(caller, p.id);
  }
}
