import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AccountEvent } from '@coffer/contracts';
import { EventBus } from '@coffer/server-core';
import { PreferencesRepository } from './preferences.repository.js';

/** Learns each user's preferences from the auth service's PreferencesChanged, so the emails sent honour them. */
@Controller()
export class PreferencesHandler implements OnModuleInit {
  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(PreferencesRepository) private readonly preferences: PreferencesRepository,
  ) {}

  onModuleInit() {
    this.bus.on(AccountEvent.PreferencesChanged, (event) => this.preferences.save(event.payload.userId, event.payload.preferences, new Date(event.occurredAt)));
  }
}
