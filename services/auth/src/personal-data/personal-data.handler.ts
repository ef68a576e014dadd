import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AccountSubject, personalDataInventorySubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { PersonalDataService } from './personal-data.service.js';

const INVENTORY = personalDataInventorySubject('auth');

/** Delete Account and the auth service's personal-data inventory, forwarded to PersonalDataService. */
@Controller()
export class PersonalDataHandler implements OnModuleInit {
  constructor(
    @Inject(PersonalDataService) private readonly personalData: PersonalDataService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(AccountSubject.DeleteUser, ({ caller, payload }) => this.personalData.deleteUser(caller, payload.email));
    this.rpc.handle(INVENTORY, { caller: 'none' }, ({ payload }) => this.personalData.inventory(payload));
  }
}
