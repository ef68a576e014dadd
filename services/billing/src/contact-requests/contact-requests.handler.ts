import { Controller, Inject } from '@nestjs/common';
import { BillingSubject, type ReceivedPayload } from '@coffer/contracts';
import { Handles, Received } from '@coffer/server-core';
import { ContactRequestsService } from './contact-requests.service.js';

@Controller()
export class ContactRequestsHandler {
  constructor(@Inject(ContactRequestsService) private readonly requests: ContactRequestsService) {}

  /** Public: anyone may ask sales to get in touch. */
  @Handles(BillingSubject.CreateContactRequest)
  create(@Received(BillingSubject.CreateContactRequest) input: ReceivedPayload<typeof BillingSubject.CreateContactRequest>) {
    return this.requests.create(input);
  }
}
