import { Controller, Delete, Get, Inject, Put } from '@nestjs/common';
import {
  saveSingleSignOnSchema,
  SignInPolicySubject,
  signInPolicySchema,
  SingleSignOnSubject,
  singleSignOnReplySchema,
  updateSignInPolicySchema,
  type RequestMeta,
} from '@coffer/contracts';
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

  @Get('sso')
  @ApiDoc({
    summary: "The account's single sign-on with its OpenID provider (owner and admins; Pro and Enterprise): never the client secret",
    reply: singleSignOnReplySchema,
  })
  singleSignOn(@Meta() meta: RequestMeta) {
    return this.services.request(SingleSignOnSubject.Get, {}, meta);
  }

  @Put('sso')
  @ApiDoc({
    summary: "Set up or change single sign-on (owner and admins; Pro and Enterprise); the provider's discovery is read from the issuer first",
    reply: singleSignOnReplySchema,
    errors: { 400: "The provider's discovery could not be read from the issuer", 409: 'A domain already signs in with single sign-on in another account' },
  })
  saveSingleSignOn(@Meta() meta: RequestMeta, @ValidBody(saveSingleSignOnSchema) body: Valid<typeof saveSingleSignOnSchema>) {
    return this.services.request(SingleSignOnSubject.Save, body, meta);
  }

  @Delete('sso')
  @ApiDoc({ summary: 'Turn single sign-on off (owner and admins): its domains sign in with passwords again', reply: singleSignOnReplySchema })
  removeSingleSignOn(@Meta() meta: RequestMeta) {
    return this.services.request(SingleSignOnSubject.Remove, {}, meta);
  }
}
