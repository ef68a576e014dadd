import { Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  browserSessionSchema,
  browserSsoStartedSchema,
  SingleSignOnSubject,
  ssoCallbackSchema,
  ssoLookupReplySchema,
  ssoLookupSchema,
  ssoStartSchema,
  type RequestMeta,
} from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { ValidBody, type Valid } from '../api/validation.js';
import { Meta, Public } from '../identity/caller.js';
import { forBrowser } from './auth.controller.js';

/** The httpOnly cookie that ties a single sign-on under way to the browser that started it. */
const SSO_COOKIE = 'coffer_sso';
const SSO_COOKIE_PATH = '/api/auth/sso';
const SSO_COOKIE_MS = 10 * 60_000;

const cookieOptions = (req: Request) => ({ httpOnly: true, sameSite: 'strict' as const, secure: req.secure, path: SSO_COOKIE_PATH });

/** Signing in through the company's OpenID provider (before signing in): forwarded to the auth service, which decides. */
@Controller('auth/sso')
export class SingleSignOnController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Public()
  @Post('lookup')
  @HttpCode(200)
  @ApiDoc({
    summary: "Whether the email's domain signs in with its company's single sign-on (the login page asks after the email is typed); null otherwise",
    reply: ssoLookupReplySchema,
    errors: { 429: 'Too many lookups from this address: try again later' },
  })
  lookup(@Meta() meta: RequestMeta, @ValidBody(ssoLookupSchema) body: Valid<typeof ssoLookupSchema>) {
    return this.services.request(SingleSignOnSubject.Lookup, body, meta);
  }

  @Public()
  @Post('start')
  @HttpCode(200)
  @ApiDoc({
    summary: "Begin a single sign-on: the provider's authorization URL to send the browser to (code flow with PKCE); sets a cookie tying it to this browser",
    reply: browserSsoStartedSchema,
    errors: { 400: 'Single sign-on is not available for this email address' },
  })
  async start(
    @Meta() meta: RequestMeta,
    @ValidBody(ssoStartSchema) body: Valid<typeof ssoStartSchema>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { authorizationUrl, browserBinding } = await this.services.request(SingleSignOnSubject.Start, body, meta);
    res.cookie(SSO_COOKIE, browserBinding, { ...cookieOptions(req), maxAge: SSO_COOKIE_MS });
    return { authorizationUrl };
  }

  @Public()
  @Post('callback')
  @HttpCode(200)
  @ApiDoc({
    summary:
      'Finish a single sign-on with what the provider sent the browser back with (code, state, iss): signs in as a password sign-in does; sets the refresh cookie',
    reply: browserSessionSchema,
    errors: { 401: 'The sign-in could not be completed (state used or expired, another browser, or the ID token refused)' },
  })
  async callback(
    @Meta() meta: RequestMeta,
    @ValidBody(ssoCallbackSchema) body: Valid<typeof ssoCallbackSchema>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const cookie = (req.cookies as Record<string, unknown> | undefined)?.[SSO_COOKIE];
    const browserBinding = typeof cookie === 'string' && cookie.length <= 200 ? cookie : undefined;
    res.clearCookie(SSO_COOKIE, cookieOptions(req));
    return forBrowser(req, res, await this.services.request(SingleSignOnSubject.Finish, { ...body, browserBinding }, meta));
  }
}
