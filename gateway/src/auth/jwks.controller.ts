import { Controller, Get, Header, Inject } from '@nestjs/common';
import { jwksSchema, type Jwks } from '@coffer/contracts';
import { ApiDoc } from '../api/api-doc.js';
import { Public } from '../identity/caller.js';
import { JwksCache } from './jwks.js';

/** The public keys that verify Coffer's access tokens. */
@Controller('.well-known')
export class JwksController {
  constructor(@Inject(JwksCache) private readonly jwks: JwksCache) {}

  @Public()
  @Get('jwks.json')
  @Header('cache-control', 'public, max-age=300')
  @ApiDoc({ summary: 'The public keys that verify access tokens (JWKS)', reply: jwksSchema })
  keys(): Promise<Jwks> {
    return this.jwks.current();
  }
}
