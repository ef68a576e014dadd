import { Controller, Get, Header, Inject } from '@nestjs/common';
import type { Jwks } from '@coffer/contracts';
import { Public } from '../identity/caller.js';
import { JwksCache } from './jwks.js';

/** The public keys that verify Coffer's access tokens. */
@Controller('.well-known')
export class JwksController {
  constructor(@Inject(JwksCache) private readonly jwks: JwksCache) {}

  @Public()
  @Get('jwks.json')
  @Header('cache-control', 'public, max-age=300')
  keys(): Promise<Jwks> {
    return this.jwks.current();
  }
}
