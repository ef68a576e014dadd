import { Controller, Delete, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  AuthSubject,
  browserFactorVerifiedSchema,
  browserRecoveryCodeUsedSchema,
  browserSessionSchema,
  browserSignInReplySchema,
  challengeCreatedSchema,
  changePasswordSchema,
  factorEnrolledSchema,
  factorSchema,
  forgotPasswordSchema,
  recoveryCodesSchema,
  resetPasswordSchema,
  sessionInfoSchema,
  signInSchema,
  signUpSchema,
  twoFactorProofSchema,
  useRecoveryCodeSchema,
  verifyCodeSchema,
  verifyEmailSchema,
  type RequestMeta,
  type SignInReply,
} from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { z } from 'zod';
import { ApiDoc } from '../api/api-doc.js';
import { idParams, ValidBody, ValidParams, type IdParams, type Valid } from '../api/validation.js';
import { AllowMfaStep, AllowTwoFactorSetup, CallerIfAny, Meta, Public } from '../identity/caller.js';

/** The httpOnly cookie that carries the refresh token, scoped to the auth routes. */
export const REFRESH_COOKIE = 'coffer_refresh';
const COOKIE_PATH = '/api/auth';

const factorParams = idParams('Factor not found');

/** What the browser gets of a session: the access token, never the refresh token (that goes in the cookie). */
export function forBrowser<R extends SignInReply>(req: Request, res: Response, reply: R) {
  if (!('refreshToken' in reply)) return reply;
  const { refreshToken, refreshExpiresAt, ...session } = reply;
  res.cookie(REFRESH_COOKIE, refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: req.secure,
    path: COOKIE_PATH,
    // No expiry = a browser-session cookie: "Remember me" unchecked.
    ...(refreshExpiresAt ? { expires: new Date(refreshExpiresAt) } : {}),
  });
  return session;
}

export function clearRefresh(req: Request, res: Response) {
  res.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', secure: req.secure, path: COOKIE_PATH });
}

const refreshTokenOf = (req: Request): string | undefined => {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[REFRESH_COOKIE];
  return typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined;
};

@Controller('auth')
export class AuthController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Public()
  @Post('sign-up')
  @HttpCode(201)
  @ApiDoc({ summary: 'Create an account; sets the refresh cookie', reply: browserSignInReplySchema })
  async signUp(
    @Meta() meta: RequestMeta,
    @ValidBody(signUpSchema) body: Valid<typeof signUpSchema>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return forBrowser(req, res, await this.services.request(AuthSubject.SignUp, body, meta));
  }

  @Public()
  @Post('sign-in')
  @HttpCode(200)
  @ApiDoc({ summary: 'Sign in with email and password; a user with two-factor gets an aal1 token for the second step', reply: browserSignInReplySchema })
  async signIn(
    @Meta() meta: RequestMeta,
    @ValidBody(signInSchema) body: Valid<typeof signInSchema>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return forBrowser(req, res, await this.services.request(AuthSubject.SignIn, body, meta));
  }

  @Public()
  @Post('refresh')
  @HttpCode(200)
  @ApiDoc({
    summary: 'A new access token from the refresh cookie (which rotates); 204 without a cookie: a visitor has no session to renew',
    reply: browserSessionSchema,
  })
  async refresh(@Meta() meta: RequestMeta, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const refreshToken = refreshTokenOf(req);
    // Not an error: every page a signed-out visitor opens asks, and the answer is simply "none".
    if (!refreshToken) {
      res.status(204);
      return undefined;
    }
    try {
      return forBrowser(req, res, await this.services.request(AuthSubject.Refresh, { refreshToken }, meta));
    } catch (err) {
      clearRefresh(req, res);
      throw err;
    }
  }

  /** Ends the session of the cookie and of the access token, if any: works even with an expired access token. */
  @Public()
  @CallerIfAny()
  @Post('sign-out')
  @HttpCode(204)
  @ApiDoc({ summary: 'Sign out: ends the session of the refresh cookie, and of the Bearer access token when one is sent' })
  async signOut(@Meta() meta: RequestMeta, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.services.request(AuthSubject.SignOut, { refreshToken: refreshTokenOf(req) }, meta);
    clearRefresh(req, res);
  }

  @AllowMfaStep()
  @AllowTwoFactorSetup()
  @Get('session')
  @ApiDoc({ summary: 'The signed-in user, the assurance level and the factors', reply: sessionInfoSchema })
  session(@Meta() meta: RequestMeta) {
    return this.services.request(AuthSubject.GetSession, {}, meta);
  }

  @AllowTwoFactorSetup()
  @Get('factors')
  @ApiDoc({ summary: "The user's two-factor factors", reply: z.array(factorSchema) })
  factors(@Meta() meta: RequestMeta) {
    return this.services.request(AuthSubject.ListFactors, {}, meta);
  }

  @AllowTwoFactorSetup()
  @Post('factors')
  @HttpCode(201)
  @ApiDoc({ summary: 'Start setting up an authenticator app (TOTP): the QR code and secret', reply: factorEnrolledSchema })
  enroll(@Meta() meta: RequestMeta) {
    return this.services.request(AuthSubject.EnrollFactor, {}, meta);
  }

  @AllowMfaStep()
  @AllowTwoFactorSetup()
  @Post('factors/:id/challenge')
  @HttpCode(201)
  @ApiDoc({ summary: 'Open a challenge for a factor', reply: challengeCreatedSchema })
  challenge(@Meta() meta: RequestMeta, @ValidParams(factorParams) params: IdParams) {
    return this.services.request(AuthSubject.ChallengeFactor, { factorId: params.id }, meta);
  }

  @AllowMfaStep()
  @AllowTwoFactorSetup()
  @Post('factors/:id/verify')
  @HttpCode(200)
  @ApiDoc({
    summary: 'Verify a 6-digit code: an aal2 session; the code that turns two-factor on also gets the 10 recovery codes, this once',
    reply: browserFactorVerifiedSchema,
  })
  async verify(
    @Meta() meta: RequestMeta,
    @ValidParams(factorParams) params: IdParams,
    @ValidBody(verifyCodeSchema) body: Valid<typeof verifyCodeSchema>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return forBrowser(req, res, await this.services.request(AuthSubject.VerifyFactor, { ...body, factorId: params.id }, meta));
  }

  @Delete('factors/:id')
  @HttpCode(204)
  @ApiDoc({ summary: 'Remove a factor (turns two-factor off, ending the recovery codes): needs the current password or an authenticator code' })
  async unenroll(
    @Meta() meta: RequestMeta,
    @ValidParams(factorParams) params: IdParams,
    @ValidBody(twoFactorProofSchema) body: Valid<typeof twoFactorProofSchema>,
  ) {
    await this.services.request(AuthSubject.UnenrollFactor, { ...body, factorId: params.id }, meta);
  }

  @AllowMfaStep()
  @Post('recovery-codes/verify')
  @HttpCode(200)
  @ApiDoc({
    summary: 'The two-factor step with a recovery code instead: an aal2 session; each code works once, and the reply says how many are left',
    reply: browserRecoveryCodeUsedSchema,
  })
  async useRecoveryCode(
    @Meta() meta: RequestMeta,
    @ValidBody(useRecoveryCodeSchema) body: Valid<typeof useRecoveryCodeSchema>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return forBrowser(req, res, await this.services.request(AuthSubject.UseRecoveryCode, body, meta));
  }

  @Post('recovery-codes')
  @HttpCode(201)
  @ApiDoc({ summary: 'New recovery codes (the old ones stop working): needs the current password or an authenticator code', reply: recoveryCodesSchema })
  regenerateRecoveryCodes(@Meta() meta: RequestMeta, @ValidBody(twoFactorProofSchema) body: Valid<typeof twoFactorProofSchema>) {
    return this.services.request(AuthSubject.RegenerateRecoveryCodes, body, meta);
  }

  @Public()
  @Post('password/forgot')
  @HttpCode(202)
  @ApiDoc({ summary: 'Email a password reset link (answers the same whether or not the address is known)' })
  async forgotPassword(@Meta() meta: RequestMeta, @ValidBody(forgotPasswordSchema) body: Valid<typeof forgotPasswordSchema>) {
    await this.services.request(AuthSubject.ForgotPassword, body, meta);
  }

  @Public()
  @Post('password/reset')
  @HttpCode(204)
  @ApiDoc({ summary: "Set a new password with a reset link's token" })
  async resetPassword(@Meta() meta: RequestMeta, @ValidBody(resetPasswordSchema) body: Valid<typeof resetPasswordSchema>) {
    await this.services.request(AuthSubject.ResetPassword, body, meta);
  }

  @Post('password/change')
  @HttpCode(204)
  @ApiDoc({ summary: 'Change the password (the current one is checked)' })
  async changePassword(@Meta() meta: RequestMeta, @ValidBody(changePasswordSchema) body: Valid<typeof changePasswordSchema>) {
    await this.services.request(AuthSubject.ChangePassword, body, meta);
  }

  @Public()
  @Post('email/verify')
  @HttpCode(204)
  @ApiDoc({ summary: "Confirm an email address with the confirmation link's token" })
  async verifyEmail(@Meta() meta: RequestMeta, @ValidBody(verifyEmailSchema) body: Valid<typeof verifyEmailSchema>) {
    await this.services.request(AuthSubject.VerifyEmail, body, meta);
  }
}
