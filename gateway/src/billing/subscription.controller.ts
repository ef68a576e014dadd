import { Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { accountPlanSchema, BillingSubject, startTrialSchema, type RequestMeta } from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { ValidBody, type Valid } from '../api/validation.js';
import { Meta } from '../identity/caller.js';

@Controller('subscription')
export class SubscriptionController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  /** What the dashboard offers (e.g. the Pro share restrictions) follows the account's plan. */
  @Get()
  @ApiDoc({ summary: "The account's plan, trial end and storage limit", reply: accountPlanSchema })
  get(@Meta() meta: RequestMeta) {
    return this.services.request(BillingSubject.GetPlan, {}, meta);
  }

  @Post('trial')
  @HttpCode(201)
  @ApiDoc({ summary: 'Start the 14-day trial of a plan (account owner only; one trial per account and per person, ever)', reply: accountPlanSchema })
  startTrial(@Meta() meta: RequestMeta, @ValidBody(startTrialSchema) body: Valid<typeof startTrialSchema>) {
    return this.services.request(BillingSubject.StartTrial, body, meta);
  }
}
