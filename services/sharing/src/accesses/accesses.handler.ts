import { Controller, Inject } from '@nestjs/common';
import { SharingSubject, type CallerIdentity, type ReceivedPayload } from '@coffer/contracts';
import { Caller, Handles, Received } from '@coffer/server-core';
import { AccessesService } from './accesses.service.js';

/** A share's access history, forwarded to AccessesService. */
@Controller()
export class AccessesHandler {
  constructor(@Inject(AccessesService) private readonly accesses: AccessesService) {}

  @Handles(SharingSubject.ListShareAccesses)
  list(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof SharingSubject.ListShareAccesses>) {
    return this.accesses.list(caller, p);
  }
}
