import { Controller, Inject } from '@nestjs/common';
import { AuthSubject, type ReceivedPayload } from '@coffer/contracts';
import { Handles, Received } from '@coffer/server-core';
import { RevocationsService } from './revocations.service.js';

/** What gateways read at start: the access tokens refused before they expire. */
@Controller()
export class RevocationsHandler {
  constructor(@Inject(RevocationsService) private readonly revocations: RevocationsService) {}

  @Handles(AuthSubject.ListRevocations)
  list(@Received() p: ReceivedPayload<typeof AuthSubject.ListRevocations>) {
    return this.revocations.list(p.after);
  }
}
