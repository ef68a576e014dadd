import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BillingSubject, contactRequestSchema, type ContactRequestCreated, type ContactRequestInput } from '@coffer/contracts';
import { ZodPayloadPipe } from '@coffer/server-core';
import { ContactRequestsService } from './contact-requests.service.js';

@Controller()
export class ContactRequestsHandler {
  constructor(@Inject(ContactRequestsService) private readonly requests: ContactRequestsService) {}

  /** Public: anyone may ask sales to get in touch. */
  @MessagePattern(BillingSubject.CreateContactRequest)
  create(@Payload(new ZodPayloadPipe(contactRequestSchema)) input: ContactRequestInput): Promise<ContactRequestCreated> {
    return this.requests.create(input);
  }
}
