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
    this.rpc.handle(BillingSubject.GetSubscription, ({ caller }) => this.subscriptions.subscription(caller));
    this.rpc.handle(BillingSubject.StartTrial, ({ caller, payload }) => this.subscriptions.startTrial(caller, payload.plan));
    this.rpc.handle(BillingSubject.Subscribe, ({ caller, payload }) => this.subscriptions.subscribe(caller, payload.plan));
    this.rpc.handle(BillingSubject.CreateCheckoutSession, ({ caller, payload }) => this.subscriptions.checkoutSession(caller, payload.plan));
    this.rpc.handle(BillingSubject.ChangePlan, ({ caller, payload }) => this.subscriptions.changePlan(caller, payload.plan));
    this.rpc.handle(BillingSubject.CancelSubscription, ({ caller }) => this.subscriptions.setCancelled(caller, true));
    this.rpc.handle(BillingSubject.ResumeSubscription, ({ caller }) => this.subscriptions.setCancelled(caller, false));
    // Development and tests only: refused in production.
    this.rpc.handle(BillingSubject.AdvanceClock, ({ caller, payload }) => this.subscriptions.advanceClock(caller, payload.days));
  }
}
