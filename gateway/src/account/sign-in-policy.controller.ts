import { Controller, Get, Inject, Put } from '@nestjs/common';
import { SignInPolicySubject, signInPolicySchema, updateSignInPolicySchema, type RequestMeta } from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { ValidBody, type Valid } from '../api/validation.js';
import { Meta } from '../identity/caller.js';

/** The account's sign-in policy (owner and admins): forwarded to the auth service, which checks the caller's role. */
@Controller('sign-in-policy')
export class SignInPolicyController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Get()
  @ApiDoc({ summary: "The account's sign-in policy: whether two-factor is required for everyone (owner and admins)", reply: signInPolicySchema })
  get(@Meta() meta: RequestMeta) {
    return this.services.request(SignInPolicySubject.Get, {}, meta);
  }

  @Put()
  @ApiDoc({
    summary: 'Require two-factor for everyone in the account, or stop requiring it (owner and admins); members without it set it up at their next sign-in',
    reply: signInPolicySchema,
    errors: { 409: 'Turning it on needs two-factor on for yourself first' },
  })
  update(@Meta() meta: RequestMeta, @ValidBody(updateSignInPolicySchema) body: Valid<typeof updateSignInPolicySchema>) {
    return this.services.request(SignInPolicySubject.Update, body, meta);
  }
}
