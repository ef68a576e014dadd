import { Body, Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { BillingSubject, type AccountPlan, type CallerIdentity } from '@coffer/contracts';
import { ServiceClient } from '../common/service-client.js';
import { CurrentCaller } from '../identity/caller.js';

@Controller('subscription')
export class SubscriptionController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  /** The caller's account plan: what the dashboard offers (e.g. the Pro share restrictions) follows it. */
  @Get()
  get(@CurrentCaller() caller: CallerIdentity): Promise<AccountPlan> {
    return this.services.request(BillingSubject.GetPlan, {}, caller);
  }

  /** Starts the 14-day trial of `{ plan }` (owner only, checked by the billing service). */
  @Post('trial')
  @HttpCode(201)
  startTrial(@CurrentCaller() caller: CallerIdentity, @Body() body: Record<string, unknown>): Promise<AccountPlan> {
    return this.services.request(BillingSubject.StartTrial, { plan: body.plan }, caller);
  }
}
