import { Controller, Inject } from '@nestjs/common';
import { AccountSubject, personalDataInventorySubject, type CallerIdentity, type ReceivedPayload } from '@coffer/contracts';
import { Caller, Handles, Received } from '@coffer/server-core';
import { ErasureService } from './erasure.service.js';

const INVENTORY = personalDataInventorySubject('auth');

/** Delete Account and the auth service's personal-data inventory, forwarded to ErasureService. */
@Controller()
export class ErasureHandler {
  constructor(@Inject(ErasureService) private readonly erasure: ErasureService) {}

  @Handles(AccountSubject.DeleteUser)
  deleteUser(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof AccountSubject.DeleteUser>) {
    return this.erasure.deleteUser(caller, p.email);
  }

  @Handles(INVENTORY)
  inventory(@Received() p: ReceivedPayload<typeof INVENTORY>) {
    return this.erasure.inventory(p);
  }
}
