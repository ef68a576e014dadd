import { Controller, Inject } from '@nestjs/common';
import { AuthSubject } from '@coffer/contracts';
import { Handles } from '@coffer/server-core';
import { SigningKeys } from './signing-keys.service.js';

/** The public keys gateways verify access tokens with. */
@Controller()
export class SigningKeysHandler {
  constructor(@Inject(SigningKeys) private readonly keys: SigningKeys) {}

  @Handles(AuthSubject.GetJwks)
  jwks() {
    return this.keys.jwks();
  }
}
