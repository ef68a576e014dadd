import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AuthSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { SigningKeys } from './signing-keys.service.js';

/** The public keys gateways verify access tokens with. */
@Controller()
export class SigningKeysHandler implements OnModuleInit {
  constructor(
    @Inject(SigningKeys) private readonly keys: SigningKeys,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(AuthSubject.GetJwks, { caller: 'none' }, () => this.keys.jwks());
  }
}
