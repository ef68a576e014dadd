import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AccountSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { BrandingService } from './branding.service.js';

/** The account's branding, forwarded to BrandingService. */
@Controller()
export class BrandingHandler implements OnModuleInit {
  constructor(
    @Inject(BrandingService) private readonly branding: BrandingService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(AccountSubject.GetBranding, ({ caller }) => this.branding.get(caller));
    this.rpc.handle(AccountSubject.UpdateBranding, ({ caller, payload }) => this.branding.update(caller, payload));
  }
}
