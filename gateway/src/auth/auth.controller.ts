import { Body, Controller, Delete, Get, HttpCode, Inject, Param, ParseUUIDPipe, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  AuthSubject,
  type CallerIdentity,
  type Factor,
  type FactorEnrolled,
  type SessionInfo,
  type SessionIssued,
  type SignInReply,
} from '@coffer/contracts';
import { ServiceClient } from '../common/service-client.js';
import { AllowMfaStep, ClientIp, CurrentCaller, Public } from '../identity/caller.js';

/** The httpOnly cookie that carries the refresh token, scoped to the auth routes. */
export const REFRESH_COOKIE = 'coffer_refresh';
const COOKIE_PATH = '/api/auth';

type JsonBody = Record<string, unknown>;

/** What the browser gets of a session: the access token, never the refresh token (that goes in the cookie). */
function forBrowser(req: Request, res: Response, reply: SignInReply) {
  if (!('refreshToken' in reply)) return reply;
  const { refreshToken, refreshExpiresAt, ...session } = reply as SessionIssued;
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

function clearRefresh(req: Request, res: Response) {
  res.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', secure: req.secure, path: COOKIE_PATH });
}

const refreshTokenOf = (req: Request): string | undefined => {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[REFRESH_COOKIE];
  return typeof value === 'string' && value.length <= 200 ? value : undefined;
};

@Controller('auth')
export class AuthController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Public()
  @Post('sign-up')
  @HttpCode(201)
  async signUp(@Body() body: JsonBody, @ClientIp() ip: string | undefined, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return forBrowser(req, res, await this.services.request<SignInReply>(AuthSubject.SignUp, { ...body, ip }));
  }

  @Public()
  @Post('sign-in')
  @HttpCode(200)
  async signIn(@Body() body: JsonBody, @ClientIp() ip: string | undefined, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    return forBrowser(req, res, await this.services.request<SignInReply>(AuthSubject.SignIn, { ...body, ip }));
  }

  @Public()
  @Post('refresh')
  @HttpCode(200)
  async refresh(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const refreshToken = refreshTokenOf(req);
    if (!refreshToken) throw new UnauthorizedException('You must be signed in');
    try {
      return forBrowser(req, res, await this.services.request<SessionIssued>(AuthSubject.Refresh, { refreshToken }));
    } catch (err) {
      clearRefresh(req, res);
      throw err;
    }
  }

  /** Ends the session of the cookie (and of the access token, if any): works even with an expired access token. */
  @Public()
  @Post('sign-out')
  @HttpCode(204)
  async signOut(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.services.request(AuthSubject.SignOut, { refreshToken: refreshTokenOf(req) });
    clearRefresh(req, res);
  }

  @AllowMfaStep()
  @Get('session')
  session(@CurrentCaller() caller: CallerIdentity): Promise<SessionInfo> {
    return this.services.request(AuthSubject.GetSession, {}, caller);
  }

  @Get('factors')
  factors(@CurrentCaller() caller: CallerIdentity): Promise<Factor[]> {
    return this.services.request(AuthSubject.ListFactors, {}, caller);
  }

  @Post('factors')
  @HttpCode(201)
  enroll(@CurrentCaller() caller: CallerIdentity): Promise<FactorEnrolled> {
    return this.services.request(AuthSubject.EnrollFactor, {}, caller);
  }

  @AllowMfaStep()
  @Post('factors/:id/challenge')
  @HttpCode(201)
  challenge(@CurrentCaller() caller: CallerIdentity, @Param('id', new ParseUUIDPipe()) factorId: string): Promise<{ id: string }> {
    return this.services.request(AuthSubject.ChallengeFactor, { factorId }, caller);
  }

  @AllowMfaStep()
  @Post('factors/:id/verify')
  @HttpCode(200)
  async verify(
    @CurrentCaller() caller: CallerIdentity,
    @Param('id', new ParseUUIDPipe()) factorId: string,
    @Body() body: JsonBody,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const reply = await this.services.request<SessionIssued>(AuthSubject.VerifyFactor, { challengeId: body.challengeId, code: body.code, factorId }, caller);
    return forBrowser(req, res, reply);
  }

  @Delete('factors/:id')
  @HttpCode(204)
  async unenroll(@CurrentCaller() caller: CallerIdentity, @Param('id', new ParseUUIDPipe()) factorId: string) {
    await this.services.request(AuthSubject.UnenrollFactor, { factorId }, caller);
  }

  @Public()
  @Post('password/forgot')
  @HttpCode(202)
  async forgotPassword(@Body() body: JsonBody, @ClientIp() ip: string | undefined) {
    await this.services.request(AuthSubject.ForgotPassword, { email: body.email, ip });
  }

  @Public()
  @Post('password/reset')
  @HttpCode(204)
  async resetPassword(@Body() body: JsonBody, @ClientIp() ip: string | undefined) {
    await this.services.request(AuthSubject.ResetPassword, { token: body.token, password: body.password, ip });
  }

  @Post('password/change')
  @HttpCode(204)
  async changePassword(@CurrentCaller() caller: CallerIdentity, @Body() body: JsonBody) {
    await this.services.request(AuthSubject.ChangePassword, { currentPassword: body.currentPassword, newPassword: body.newPassword }, caller);
  }

  @Public()
  @Post('email/verify')
  @HttpCode(204)
  async verifyEmail(@Body() body: JsonBody) {
    await this.services.request(AuthSubject.VerifyEmail, { token: body.token });
  }
}
