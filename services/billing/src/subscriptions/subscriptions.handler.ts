import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { BillingSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { SubscriptionsService } from './subscriptions.service.js';

/** The account's plan and trial. */
@Controller()
export class SubscriptionsHandler implements OnModuleInit {
  constructor(
    @Inject(SubscriptionsService) private readonly subscriptions: SubscriptionsService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(BillingSubject.GetPlan, ({ caller }) => this.subscriptions.plan(caller));
    this.rpc.handle(BillingSubject.StartTrial, ({ caller, payload }) => this.subscriptions.startTrial(caller, payload.plan));
    // Development and tests only: refused in production.
    this.rpc.handle(BillingSubject.AdvanceClock, ({ caller, payload }) => this.subscriptions.advanceClock(caller, payload.days));
  }
}
