import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AuthEvent, BillingSubject, type CallerIdentity, type ReceivedPayload } from '@coffer/contracts';
import { Caller, EventBus, Handles, Received } from '@coffer/server-core';
import { SubscriptionsService } from './subscriptions.service.js';

/** The account's plan and trial (NATS), and a subscription record for each new account (events). */
@Controller()
export class SubscriptionsHandler implements OnModuleInit {
  constructor(
    @Inject(SubscriptionsService) private readonly subscriptions: SubscriptionsService,
    @Inject(EventBus) private readonly bus: EventBus,
  ) {}

  onModuleInit() {
    this.bus.on(AuthEvent.UserRegistered, (event, tx) => this.subscriptions.open(tx, event.payload.accountId));
  }

  @Handles(BillingSubject.GetPlan)
  plan(@Caller() caller: CallerIdentity) {
    return this.subscriptions.plan(caller);
  }

  @Handles(BillingSubject.StartTrial)
  startTrial(@Caller() caller: CallerIdentity, @Received(BillingSubject.StartTrial) p: ReceivedPayload<typeof BillingSubject.StartTrial>) {
    return this.subscriptions.startTrial(caller, p.plan);
  }

  /** Development and tests only: refused in production. */
  @Handles(BillingSubject.AdvanceClock)
  advanceClock(@Caller() caller: CallerIdentity, @Received(BillingSubject.AdvanceClock) p: ReceivedPayload<typeof BillingSubject.AdvanceClock>) {
    return this.subscriptions.advanceClock(caller, p.days);
  }
}
