import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { BillingSubject, contactRequestCreatedSchema, contactRequestSchema, type RequestMeta } from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { ValidBody, type Valid } from '../api/validation.js';
import { Meta, Public } from '../identity/caller.js';

@Controller('contact-requests')
export class ContactRequestsController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Public()
  @Post()
  @HttpCode(201)
  @ApiDoc({ summary: 'Send the Contact Sales form', reply: contactRequestCreatedSchema })
  create(@Meta() meta: RequestMeta, @ValidBody(contactRequestSchema) body: Valid<typeof contactRequestSchema>) {
    return this.services.request(BillingSubject.CreateContactRequest, body, meta);
  }
}
