import { Controller, Inject } from '@nestjs/common';
import { AccountSubject, personalDataInventorySubject, type CallerIdentity, type ReceivedPayload } from '@coffer/contracts';
import { Caller, Handles, Received } from '@coffer/server-core';
import { PersonalDataService } from './personal-data.service.js';

const INVENTORY = personalDataInventorySubject('auth');

/** Delete Account and the auth service's personal-data inventory, forwarded to PersonalDataService. */
@Controller()
export class PersonalDataHandler {
  constructor(@Inject(PersonalDataService) private readonly personalData: PersonalDataService) {}

  @Handles(AccountSubject.DeleteUser)
  deleteUser(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof AccountSubject.DeleteUser>) {
    return this.personalData.deleteUser(caller, p.email);
  }

  @Handles(INVENTORY)
  inventory(@Received() p: ReceivedPayload<typeof INVENTORY>) {
    return this.personalData.inventory(p);
  }
}
