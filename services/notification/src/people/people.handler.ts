import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AccountEvent, AuthEvent } from '@coffer/contracts';
import { EventBus } from '@coffer/server-core';
import { PeopleRepository } from './people.repository.js';

/** Learns each user's name and address from the auth service's events. */
@Controller()
export class PeopleHandler implements OnModuleInit {
  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(PeopleRepository) private readonly people: PeopleRepository,
  ) {}

  onModuleInit() {
    this.bus.on(AuthEvent.UserRegistered, (event) => this.people.save(event.payload));
    // The audit log and emails name them by their new name from now on (the same event twice changes nothing more).
    this.bus.on(AuthEvent.NameChanged, (event) => this.people.save(event.payload));
    this.bus.on(AccountEvent.MembershipChanged, (event) => this.people.save(event.payload));
  }
}
