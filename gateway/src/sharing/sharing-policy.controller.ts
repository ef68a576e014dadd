import { Controller, Get, Inject, Put } from '@nestjs/common';
import { SharingPolicySubject, sharingPolicySchema, updateSharingPolicySchema, type RequestMeta } from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { ValidBody, type Valid } from '../api/validation.js';
import { Meta } from '../identity/caller.js';

/** The account's sharing policy: read by everyone in the account, set by the owner and admins; forwarded to the sharing service. */
@Controller('sharing-policy')
export class SharingPolicyController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Get()
  @ApiDoc({
    summary: "The account's sharing policy: links allowed, password required, the longest a link stays open, the recipient domains email shares may go to",
    reply: sharingPolicySchema,
  })
  get(@Meta() meta: RequestMeta) {
    return this.services.request(SharingPolicySubject.Get, {}, meta);
  }

  @Put()
  @ApiDoc({
    summary:
      'Set the sharing policy (owner and admins; Business, Pro and Enterprise, a maximum expiry on Pro and Enterprise). It applies to existing links and shares: links stop while forbidden, links without a password stop until they get one (their makers are told), expiries beyond the maximum are cut to it',
    reply: sharingPolicySchema,
    errors: { 403: 'Not the owner or an admin, or the plan does not include it' },
  })
  update(@Meta() meta: RequestMeta, @ValidBody(updateSharingPolicySchema) body: Valid<typeof updateSharingPolicySchema>) {
    return this.services.request(SharingPolicySubject.Update, body, meta);
  }
}
