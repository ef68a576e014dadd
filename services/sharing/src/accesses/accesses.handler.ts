import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { SharingSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { AccessesService } from './accesses.service.js';

/** A share's access history, forwarded to AccessesService. */
@Controller()
export class AccessesHandler implements OnModuleInit {
  constructor(
    @Inject(AccessesService) private readonly accesses: AccessesService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(SharingSubject.ListShareAccesses, ({ caller, payload }) => this.accesses.list(caller, payload));
  }
}
