import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AccountEvent, AuthEvent } from '@coffer/contracts';
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
    this.bus.on(AuthEvent.UserRegistered, (event) => this.people.registered(event));
    this.bus.on(AuthEvent.EmailVerified, (event) => this.people.emailVerified(event));
    this.bus.on(AuthEvent.NameChanged, (event) => this.people.nameChanged(event));
    this.bus.on(AccountEvent.MembershipChanged, (event) => this.people.membershipChanged(event));
  }
}
