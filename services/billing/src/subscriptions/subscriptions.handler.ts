import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AuthEvent, type UserRegistered } from '@coffer/contracts';
import { EventBus } from '@coffer/server-core';
import { subscriptions } from '../db/schema.js';

/** Every new account gets its subscription record, with no plan selected yet. */
@Controller()
export class SubscriptionsHandler implements OnModuleInit {
  constructor(@Inject(EventBus) private readonly bus: EventBus) {}

  onModuleInit() {
    this.bus.on<UserRegistered>(AuthEvent.UserRegistered, async (event, tx) => {
      await tx.insert(subscriptions).values({ accountId: event.payload.accountId, status: 'none' }).onConflictDoNothing();
    });
  }
}
