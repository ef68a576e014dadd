import { Controller, Headers, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { BillingSubject, paymentWebhookReplySchema, type RequestMeta } from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { Meta, Public } from '../identity/caller.js';
import { rawBodyOf } from './raw-body.js';

/** Stripe's webhook endpoint: no session, the signature over the exact bytes received is the proof (billing verifies it). */
@Controller('billing')
export class PaymentWebhookController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Public()
  @Post('stripe-webhook')
  @HttpCode(200)
  @ApiDoc({
    summary: "Stripe's subscription events, signed (Stripe-Signature) and applied once per event id; 404 while Stripe is not configured",
    reply: paymentWebhookReplySchema,
    errors: { 400: 'The signature is missing or not valid', 404: 'No payment provider is configured' },
  })
  receive(@Meta() meta: RequestMeta, @Req() req: Request, @Headers('stripe-signature') signature: string | undefined) {
    return this.services.request(BillingSubject.PaymentWebhook, { payload: rawBodyOf(req), signature: (signature ?? '').slice(0, 2000) }, meta);
  }
}
