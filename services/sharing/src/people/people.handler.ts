import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AuthEvent } from '@coffer/contracts';
import { EventBus } from '@coffer/server-core';
import { PeopleService } from './people.service.js';

/** Auth's events about users, forwarded to PeopleService. */
@Controller()
export class PeopleHandler implements OnModuleInit {
  constructor(
    @Inject(PeopleService) private readonly people: PeopleService,
    @Inject(EventBus) private readonly bus: EventBus,
  ) {}

  onModuleInit() {
    this.bus.on(AuthEvent.UserRegistered, (event, tx) => this.people.registered(tx, event));
    this.bus.on(AuthEvent.EmailVerified, (event, tx) => this.people.emailVerified(tx, event));
  }
}
