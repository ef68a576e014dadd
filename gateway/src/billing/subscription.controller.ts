import { Controller, Get, HttpCode, Inject, Post, Put } from '@nestjs/common';
import { BillingSubject, checkoutSessionSchema, choosePlanSchema, startTrialSchema, subscriptionSchema, type RequestMeta } from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { ValidBody, type Valid } from '../api/validation.js';
import { Meta } from '../identity/caller.js';

@Controller('subscription')
export class SubscriptionController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  /** What the dashboard offers (e.g. the Pro share restrictions) follows the account's plan. */
  @Get()
  @ApiDoc({ summary: "The account's plan, trial, subscription period and storage limit", reply: subscriptionSchema })
  get(@Meta() meta: RequestMeta) {
    return this.services.request(BillingSubject.GetSubscription, {}, meta);
  }

  @Post('trial')
  @HttpCode(201)
  @ApiDoc({ summary: 'Start the 14-day trial of a plan (account owner only; one trial per account and per person, ever)', reply: subscriptionSchema })
  startTrial(@Meta() meta: RequestMeta, @ValidBody(startTrialSchema) body: Valid<typeof startTrialSchema>) {
    return this.services.request(BillingSubject.StartTrial, body, meta);
  }

  @Post()
  @HttpCode(201)
  @ApiDoc({
    summary: 'Subscribe to a plan, during or after the trial (account owner only; the placeholder payment: active at once, 409 with a payment provider)',
    reply: subscriptionSchema,
  })
  subscribe(@Meta() meta: RequestMeta, @ValidBody(choosePlanSchema) body: Valid<typeof choosePlanSchema>) {
    return this.services.request(BillingSubject.Subscribe, body, meta);
  }

  @Post('checkout-session')
  @HttpCode(201)
  @ApiDoc({ summary: "With a payment provider: the provider's checkout page for a plan (account owner only)", reply: checkoutSessionSchema })
  checkoutSession(@Meta() meta: RequestMeta, @ValidBody(choosePlanSchema) body: Valid<typeof choosePlanSchema>) {
    return this.services.request(BillingSubject.CreateCheckoutSession, body, meta);
  }

  @Put('plan')
  @HttpCode(200)
  @ApiDoc({
    summary: "Change an active subscription's plan (account owner only; a plan smaller than the storage in use is refused)",
    reply: subscriptionSchema,
  })
  changePlan(@Meta() meta: RequestMeta, @ValidBody(choosePlanSchema) body: Valid<typeof choosePlanSchema>) {
    return this.services.request(BillingSubject.ChangePlan, body, meta);
  }

  @Post('cancel')
  @HttpCode(200)
  @ApiDoc({
    summary: 'Cancel the subscription: the plan stays until the period ends, then no plan is selected (account owner only)',
    reply: subscriptionSchema,
  })
  cancel(@Meta() meta: RequestMeta) {
    return this.services.request(BillingSubject.CancelSubscription, {}, meta);
  }

  @Post('resume')
  @HttpCode(200)
  @ApiDoc({ summary: 'Take back a cancellation before the period ends (account owner only)', reply: subscriptionSchema })
  resume(@Meta() meta: RequestMeta) {
    return this.services.request(BillingSubject.ResumeSubscription, {}, meta);
  }
}
