import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { BillingSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { PaymentsService } from './payments.service.js';

/** The payment provider's webhooks, as the gateway passes them on (no caller: the signature is the proof). */
@Controller()
export class PaymentsHandler implements OnModuleInit {
  constructor(
    @Inject(PaymentsService) private readonly payments: PaymentsService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(BillingSubject.PaymentWebhook, { caller: 'none' }, ({ payload }) => this.payments.webhook(payload.payload, payload.signature));
  }
}
