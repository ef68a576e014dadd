import { Controller, Delete, Get, HttpCode, Inject, Post, Put } from '@nestjs/common';
import {
  saveSingleSignOnSchema,
  SignInPolicySubject,
  signInPolicySchema,
  SingleSignOnSubject,
  singleSignOnReplySchema,
  updateSignInPolicySchema,
  verifySsoDomainSchema,
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
    errors: {
      400: "The provider's discovery could not be read from the issuer",
      409: 'A domain is already verified for single sign-on by another account',
    },
  })
  saveSingleSignOn(@Meta() meta: RequestMeta, @ValidBody(saveSingleSignOnSchema) body: Valid<typeof saveSingleSignOnSchema>) {
    return this.services.request(SingleSignOnSubject.Save, body, meta);
  }

  @Post('sso/verify')
  @HttpCode(200)
  @ApiDoc({
    summary:
      "Verify one of the account's single sign-on domains (owner and admins): its DNS TXT record _coffer-verification.<domain> must hold coffer-verification=<token>; only verified domains sign in through the provider",
    reply: singleSignOnReplySchema,
    errors: {
      400: 'The TXT record was not found (or does not hold the token)',
      404: 'The domain is not one of the account’s single sign-on domains',
      409: 'Another account verified the domain first',
      503: 'The DNS lookup could not be completed (no answer, or an error): try again later',
    },
  })
  verifySsoDomain(@Meta() meta: RequestMeta, @ValidBody(verifySsoDomainSchema) body: Valid<typeof verifySsoDomainSchema>) {
    return this.services.request(SingleSignOnSubject.VerifyDomain, body, meta);
  }

  @Delete('sso')
  @ApiDoc({ summary: 'Turn single sign-on off (owner and admins): its domains sign in with passwords again', reply: singleSignOnReplySchema })
  removeSingleSignOn(@Meta() meta: RequestMeta) {
    return this.services.request(SingleSignOnSubject.Remove, {}, meta);
  }
}
