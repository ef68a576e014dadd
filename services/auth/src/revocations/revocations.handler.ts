import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AuthSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { RevocationsService } from './revocations.service.js';

/** What gateways read at start: the access tokens refused before they expire. */
@Controller()
export class RevocationsHandler implements OnModuleInit {
  constructor(
    @Inject(RevocationsService) private readonly revocations: RevocationsService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(AuthSubject.ListRevocations, { caller: 'none' }, ({ payload }) => this.revocations.list(payload.after));
  }
}
