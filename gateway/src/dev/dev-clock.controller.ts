import { Controller, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import { advanceClockSchema, BillingSubject, subscriptionSchema, type RequestMeta } from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { ValidBody, type Valid } from '../api/validation.js';
import { Meta } from '../identity/caller.js';
import { DevKeyGuard } from './dev-key.guard.js';

/**
 * /dev/clock: moves the signed-in account N days on, so a test sees its trial
 * end without waiting 14 days. Only the caller's own account moves; registered
 * only outside production (see AppModule), and billing refuses it there too.
 */
@Controller('dev/clock')
@UseGuards(DevKeyGuard)
export class DevClockController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Post()
  @HttpCode(200)
  @ApiDoc({ summary: "Development only: move the account's clock on, then end the trials that are due", reply: subscriptionSchema })
  advance(@Meta() meta: RequestMeta, @ValidBody(advanceClockSchema) body: Valid<typeof advanceClockSchema>) {
    return this.services.request(BillingSubject.AdvanceClock, body, meta);
  }
}
