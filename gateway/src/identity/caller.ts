import {
  createParamDecorator,
  Inject,
  Injectable,
  SetMetadata,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { DEV_IDENTITY, type CallerIdentity } from '@coffer/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

const PUBLIC_ROUTE = 'coffer:public';
/** Marks a route that needs no session. */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

type CallerRequest = Request & { caller?: CallerIdentity };

/**
 * Decides who is calling. Until sign-in exists, outside production every
 * request is the fixed development identity; in production nothing but the
 * public routes is reachable.
 */
@Injectable()
export class CallerGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const isPublic = this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    if (this.config.NODE_ENV === 'production') throw new UnauthorizedException('You must be signed in');
    const req = context.switchToHttp().getRequest<CallerRequest>();
    req.caller = { ...DEV_IDENTITY, clientIp: req.ip };
    return true;
  }
}

/** The caller of a protected route, as CallerGuard established it. */
export const CurrentCaller = createParamDecorator((_: unknown, ctx: ExecutionContext): CallerIdentity => {
  const caller = ctx.switchToHttp().getRequest<CallerRequest>().caller;
  if (!caller) throw new UnauthorizedException('You must be signed in');
  return caller;
});
