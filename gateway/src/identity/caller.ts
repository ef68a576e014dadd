import { createParamDecorator, Inject, Injectable, SetMetadata, UnauthorizedException, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { ErrorCode, TWO_FACTOR_SETUP_REQUIRED, type CallerIdentity, type RequestMeta } from '@coffer/contracts';
import { SessionRevocations } from '../auth/session-revocations.js';
import { rpcError } from '@coffer/server-core';

export const PUBLIC_ROUTE = 'coffer:public';
const MFA_STEP_ROUTE = 'coffer:mfa-step';
const CALLER_OPTIONAL = 'coffer:caller-optional';
const TWO_FACTOR_SETUP_ROUTE = 'coffer:two-factor-setup';
/** Marks a route that needs no session. */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);
/** Marks a public route that a valid access token, when one is sent, also identifies (sign-out ends that token's session). */
export const CallerIfAny = () => SetMetadata(CALLER_OPTIONAL, true);
/** Marks a route the aal1 step of a two-factor sign-in may call (session, challenge, verify, sign-out). */
export const AllowMfaStep = () => SetMetadata(MFA_STEP_ROUTE, true);
/** Marks a route a member who must set up two-factor first (the account requires it) may call: the session and the factor setup. */
export const AllowTwoFactorSetup = () => SetMetadata(TWO_FACTOR_SETUP_ROUTE, true);

type CallerRequest = Request & { user?: CallerIdentity; caller?: CallerIdentity };

/**
 * Every route needs a valid access token (passport-jwt) unless it is public;
 * a token whose session was revoked is refused, and the aal1 step of a
 * two-factor sign-in reaches only the routes marked AllowMfaStep.
 */
@Injectable()
export class CallerGuard extends AuthGuard('jwt') {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(SessionRevocations) private readonly revocations: SessionRevocations,
  ) {
    super();
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const req = context.switchToHttp().getRequest<CallerRequest>();
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)) {
      if (this.reflector.getAllAndOverride<boolean>(CALLER_OPTIONAL, targets) && req.headers.authorization) {
        req.caller = await Promise.resolve(super.canActivate(context) as Promise<boolean>).then(
          () => req.user,
          () => undefined,
        );
      }
      return true;
    }
    // Fail closed: a gateway that does not yet know which sessions ended cannot judge any token.
    if (!this.revocations.ready) throw rpcError(ErrorCode.ServiceUnavailable, 503, 'Coffer is starting. Please try again in a moment.');
    await super.canActivate(context);
    const caller = req.user!;
    if (caller.sessionId && this.revocations.isRevoked(caller.sessionId)) throw new UnauthorizedException('Your session has ended. Please sign in again.');
    if (this.revocations.isStaleMembership(caller.userId, caller.membershipVersion ?? 0))
      throw new UnauthorizedException('Your account changed. Please refresh your session.');
    if (caller.mfaPending && !this.reflector.getAllAndOverride<boolean>(MFA_STEP_ROUTE, targets)) {
      throw rpcError(ErrorCode.MfaRequired, 403, 'Enter your two-factor code first');
    }
    if (caller.twoFactorSetupPending && !this.reflector.getAllAndOverride<boolean>(TWO_FACTOR_SETUP_ROUTE, targets)) {
      throw rpcError(ErrorCode.TwoFactorSetupRequired, 403, TWO_FACTOR_SETUP_REQUIRED);
    }
    req.caller = caller;
    return true;
  }

  handleRequest<T>(err: unknown, user: T): T {
    if (err || !user) throw new UnauthorizedException('You must be signed in');
    return user;
  }
}

/** A user agent is kept for the audit trail; a longer one is cut. */
const MAX_USER_AGENT = 512;

/**
 * What the gateway tells a service about the request beside its payload: the
 * caller (absent on public routes), the client IP from the trusted proxy chain
 * (for per-IP limits and share allow-lists) and the user agent.
 */
export const Meta = createParamDecorator((_: unknown, ctx: ExecutionContext): RequestMeta => {
  const req = ctx.switchToHttp().getRequest<CallerRequest>();
  const userAgent = req.get('user-agent')?.slice(0, MAX_USER_AGENT);
  return { caller: req.caller, clientIp: req.ip, userAgent: userAgent || undefined };
});

/** The caller of a protected route, as CallerGuard established it. */
export const CurrentCaller = createParamDecorator((_: unknown, ctx: ExecutionContext): CallerIdentity => {
  const caller = ctx.switchToHttp().getRequest<CallerRequest>().caller;
  if (!caller) throw new UnauthorizedException('You must be signed in');
  return caller;
});
