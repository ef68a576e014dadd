import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AccountEvent, personalDataInventorySubject, type ReceivedPayload } from '@coffer/contracts';
import { EventBus, Handles, Received } from '@coffer/server-core';
import { PeopleService } from './people.service.js';

const INVENTORY = personalDataInventorySubject('files');

/** A user's moves between accounts and their deletion (auth's events), and the files service's personal-data inventory. */
@Controller()
export class PeopleHandler implements OnModuleInit {
  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(PeopleService) private readonly people: PeopleService,
  ) {}

  onModuleInit() {
    this.bus.on(AccountEvent.MembershipChanged, (event, tx) => this.people.membershipChanged(tx, event));
    this.bus.on(AccountEvent.UserDeleted, (event, tx) => this.people.userDeleted(tx, event));
  }

  @Handles(INVENTORY)
  inventory(@Received() p: ReceivedPayload<typeof INVENTORY>) {
    return this.people.inventory(p.userId);
  }
}
