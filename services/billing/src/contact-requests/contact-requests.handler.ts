import { Controller, Inject } from '@nestjs/common';
import { BillingSubject, type ReceivedPayload, type RequestMeta } from '@coffer/contracts';
import { Client, Handles, Received } from '@coffer/server-core';
import { ContactRequestsService } from './contact-requests.service.js';

@Controller()
export class ContactRequestsHandler {
  constructor(@Inject(ContactRequestsService) private readonly requests: ContactRequestsService) {}

  /** Public: anyone may ask sales to get in touch. */
  @Handles(BillingSubject.CreateContactRequest)
  create(@Received() input: ReceivedPayload<typeof BillingSubject.CreateContactRequest>, @Client() client: Pick<RequestMeta, 'clientIp'>) {
    return this.requests.create(input, client.clientIp);
  }
}
