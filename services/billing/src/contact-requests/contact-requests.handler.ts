import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { BillingSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { ContactRequestsService } from './contact-requests.service.js';

@Controller()
export class ContactRequestsHandler implements OnModuleInit {
  constructor(
    @Inject(ContactRequestsService) private readonly requests: ContactRequestsService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    // Public: anyone may ask sales to get in touch.
    this.rpc.handle(BillingSubject.CreateContactRequest, { caller: 'none' }, ({ payload: input, client }) => this.requests.create(input, client.clientIp));
  }
}
