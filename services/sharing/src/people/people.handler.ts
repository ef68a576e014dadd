import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AccountEvent, AuthEvent, personalDataInventorySubject, type ReceivedPayload } from '@coffer/contracts';
import { EventBus, Handles, Received } from '@coffer/server-core';
import { PeopleService } from './people.service.js';

const INVENTORY = personalDataInventorySubject('sharing');

/** Auth's events about users, and the sharing service's personal-data inventory, forwarded to PeopleService. */
@Controller()
export class PeopleHandler implements OnModuleInit {
  constructor(
    @Inject(PeopleService) private readonly people: PeopleService,
    @Inject(EventBus) private readonly bus: EventBus,
  ) {}

  onModuleInit() {
    this.bus.on(AuthEvent.UserRegistered, (event, tx) => this.people.registered(tx, event));
    this.bus.on(AuthEvent.EmailVerified, (event, tx) => this.people.emailVerified(tx, event));
    this.bus.on(AuthEvent.NameChanged, (event, tx) => this.people.nameChanged(tx, event));
    this.bus.on(AccountEvent.MembershipChanged, (event, tx) => this.people.membershipChanged(tx, event));
    this.bus.on(AccountEvent.UserDeleted, (event, tx) => this.people.userDeleted(tx, event));
  }

  @Handles(INVENTORY)
  inventory(@Received() p: ReceivedPayload<typeof INVENTORY>) {
    return this.people.inventory(p);
  }
}
