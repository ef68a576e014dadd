import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { BillingSubject, type ContactRequestCreated } from '@coffer/contracts';
import { ServiceClient } from '../common/service-client.js';
import { Public } from '../identity/caller.js';

@Controller('contact-requests')
export class ContactRequestsController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  /** Public: the Contact Sales form. The billing service validates it with the form's own messages. */
  @Public()
  @Post()
  @HttpCode(201)
  create(@Body() body: Record<string, unknown>): Promise<ContactRequestCreated> {
    return this.services.request(BillingSubject.CreateContactRequest, body);
  }
}
