import { Controller, Inject } from '@nestjs/common';
import { BillingSubject, type CallerIdentity, type ReceivedPayload } from '@coffer/contracts';
import { Caller, Handles, Received } from '@coffer/server-core';
import { SubscriptionsService } from './subscriptions.service.js';

/** The account's plan and trial. */
@Controller()
export class SubscriptionsHandler {
  constructor(@Inject(SubscriptionsService) private readonly subscriptions: SubscriptionsService) {}

  @Handles(BillingSubject.GetPlan)
  plan(@Caller() caller: CallerIdentity) {
    return this.subscriptions.plan(caller);
  }

  @Handles(BillingSubject.StartTrial)
  startTrial(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof BillingSubject.StartTrial>) {
    return this.subscriptions.startTrial(caller, p.plan);
  }

  /** Development and tests only: refused in production. */
  @Handles(BillingSubject.AdvanceClock)
  advanceClock(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof BillingSubject.AdvanceClock>) {
    return this.subscriptions.advanceClock(caller, p.days);
  }
}
