import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import {
  AuthSubject,
  challengeSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  refreshSchema,
  resetPasswordSchema,
  signInSchema,
  signOutSchema,
  signUpSchema,
  unenrollSchema,
  verifyEmailSchema,
  verifyFactorSchema,
  type CallerIdentity,
} from '@coffer/contracts';
import { Caller, PendingCaller, ZodPayloadPipe } from '@coffer/server-core';
import { FactorsService } from './factors/factors.service.js';
import { SessionsService } from './sessions/sessions.service.js';
import { SigningKeys } from './tokens/signing-keys.js';
import { UsersRepository } from './users/users.repository.js';
import { AuthService } from './users/auth.service.js';

/** The client IP of a public request, which the gateway puts in the payload (no caller yet). */
interface WithIp {
  ip?: string;
}

/** NATS requests of the auth service, forwarded to the services that hold the rules. */
@Controller()
export class AuthHandler {
  constructor(
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(SessionsService) private readonly sessions: SessionsService,
    @Inject(FactorsService) private readonly factors: FactorsService,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(SigningKeys) private readonly keys: SigningKeys,
  ) {}

  @MessagePattern(AuthSubject.SignUp)
  signUp(@Payload(new ZodPayloadPipe(signUpSchema.loose())) p: z.output<typeof signUpSchema> & WithIp) {
    return this.auth.signUp(p, p.ip);
  }

  @MessagePattern(AuthSubject.SignIn)
  signIn(@Payload(new ZodPayloadPipe(signInSchema.loose())) p: z.output<typeof signInSchema> & WithIp) {
    return this.auth.signIn(p, p.ip);
  }

  @MessagePattern(AuthSubject.Refresh)
  refresh(@Payload(new ZodPayloadPipe(refreshSchema)) p: z.output<typeof refreshSchema>) {
    return this.auth.refresh(p.refreshToken);
  }

  @MessagePattern(AuthSubject.SignOut)
  async signOut(@Payload(new ZodPayloadPipe(signOutSchema.loose())) p: z.output<typeof signOutSchema> & { sessionId?: string }) {
    await this.sessions.signOut(p.refreshToken, p.sessionId);
    return { ok: true };
  }

  @MessagePattern(AuthSubject.GetSession)
  session(@PendingCaller() caller: CallerIdentity) {
    return this.auth.session(caller);
  }

  @MessagePattern(AuthSubject.ListFactors)
  listFactors(@Caller() caller: CallerIdentity) {
    return this.factors.list(caller.userId);
  }

  @MessagePattern(AuthSubject.EnrollFactor)
  async enroll(@Caller() caller: CallerIdentity) {
    const user = await this.users.findById(caller.userId);
    return this.factors.enroll(caller.userId, user?.email ?? caller.userId);
  }

  @MessagePattern(AuthSubject.ChallengeFactor)
  challenge(@PendingCaller() caller: CallerIdentity, @Payload(new ZodPayloadPipe(challengeSchema)) p: z.output<typeof challengeSchema>) {
    return this.factors.challenge(caller.userId, p.factorId);
  }

  @MessagePattern(AuthSubject.VerifyFactor)
  verify(@PendingCaller() caller: CallerIdentity, @Payload(new ZodPayloadPipe(verifyFactorSchema)) p: z.output<typeof verifyFactorSchema>) {
    return this.auth.verifyFactor(caller, p.factorId, p.challengeId, p.code);
  }

  @MessagePattern(AuthSubject.UnenrollFactor)
  async unenroll(@Caller() caller: CallerIdentity, @Payload(new ZodPayloadPipe(unenrollSchema)) p: z.output<typeof unenrollSchema>) {
    await this.factors.remove(caller.userId, p.factorId);
    return { ok: true };
  }

  @MessagePattern(AuthSubject.ForgotPassword)
  async forgot(@Payload(new ZodPayloadPipe(forgotPasswordSchema.loose())) p: z.output<typeof forgotPasswordSchema> & WithIp) {
    await this.auth.forgotPassword(p.email, p.ip);
    return { ok: true };
  }

  @MessagePattern(AuthSubject.ResetPassword)
  async reset(@Payload(new ZodPayloadPipe(resetPasswordSchema.loose())) p: z.output<typeof resetPasswordSchema> & WithIp) {
    await this.auth.resetPassword(p.token, p.password, p.ip);
    return { ok: true };
  }

  @MessagePattern(AuthSubject.ChangePassword)
  async change(@Caller() caller: CallerIdentity, @Payload(new ZodPayloadPipe(changePasswordSchema)) p: z.output<typeof changePasswordSchema>) {
    await this.auth.changePassword(caller, p.currentPassword, p.newPassword);
    return { ok: true };
  }

  @MessagePattern(AuthSubject.VerifyEmail)
  async verifyEmail(@Payload(new ZodPayloadPipe(verifyEmailSchema)) p: z.output<typeof verifyEmailSchema>) {
    await this.auth.verifyEmail(p.token);
    return { ok: true };
  }

  @MessagePattern(AuthSubject.GetJwks)
  jwks() {
    return this.keys.jwks();
  }
}
