import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, NotFoundException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';

/** The header (or `?key=` for a browser) that carries the run's DEV_KEY. */
export const DEV_KEY_HEADER = 'x-coffer-dev-key';

/**
 * The development routes answer only whoever holds this run's DEV_KEY (the
 * developer who started it): anyone else gets the 404 of a route that does not
 * exist, so the captured mail is never a way to read other people's links.
 */
@Injectable()
export class DevKeyGuard implements CanActivate {
  private readonly key: Buffer;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.key = Buffer.from(config.DEV_KEY ?? '');
  }

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const given = Buffer.from(String(req.headers[DEV_KEY_HEADER] ?? req.query.key ?? ''));
    if (this.key.length === 0 || given.length !== this.key.length || !timingSafeEqual(given, this.key)) throw new NotFoundException();
    return true;
  }
}
