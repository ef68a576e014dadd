import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AccountEvent, AuthEvent, personalDataInventorySubject } from '@coffer/contracts';
import { EventBus, RpcRouter } from '@coffer/server-core';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository.js';
import { PersonalDataRepository } from './personal-data.repository.js';

const INVENTORY = personalDataInventorySubject('billing');

/**
 * Accounts as auth's events make and end them: a subscription record (no plan)
 * for each new account, a removed member's own included; a deleted user's
 * subscription and contact requests erased; and billing's personal-data inventory.
 */
@Controller()
export class PersonalDataHandler implements OnModuleInit {
  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(SubscriptionsRepository) private readonly subscriptions: SubscriptionsRepository,
    @Inject(PersonalDataRepository) private readonly personalData: PersonalDataRepository,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.bus.on(AuthEvent.UserRegistered, (event) => this.subscriptions.open(event.payload.accountId, event.payload.userId));
    this.bus.on(AccountEvent.MembershipChanged, async (event) => {
      if (event.payload.reason === 'removed') await this.subscriptions.open(event.payload.accountId, event.payload.userId);
    });
    this.bus.on(AccountEvent.UserDeleted, (event) => this.personalData.erase(event.payload));

    this.rpc.handle(INVENTORY, { caller: 'none' }, async ({ payload }) => ({ service: 'billing', counts: await this.personalData.inventory(payload) }));
  }
}
