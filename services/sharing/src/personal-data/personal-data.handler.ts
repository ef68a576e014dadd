import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AccountEvent, personalDataInventorySubject } from '@coffer/contracts';
import { EventBus, RpcRouter } from '@coffer/server-core';
import { PersonalDataService } from './personal-data.service.js';

const INVENTORY = personalDataInventorySubject('sharing');

/** A user's moves between accounts and their deletion (auth's events), and the sharing service's personal-data inventory, forwarded to PersonalDataService. */
@Controller()
export class PersonalDataHandler implements OnModuleInit {
  constructor(
    @Inject(PersonalDataService) private readonly personalData: PersonalDataService,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.bus.on(AccountEvent.MembershipChanged, (event) => this.personalData.membershipChanged(event));
    this.bus.on(AccountEvent.UserDeleted, (event) => this.personalData.userDeleted(event));

    this.rpc.handle(INVENTORY, { caller: 'none' }, ({ payload }) => this.personalData.inventory(payload));
  }
}
