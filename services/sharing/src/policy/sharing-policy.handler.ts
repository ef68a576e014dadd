import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { SharingPolicySubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { SharingPolicyService } from './sharing-policy.service.js';

/** The sharing policy's NATS requests, forwarded to SharingPolicyService. */
@Controller()
export class SharingPolicyHandler implements OnModuleInit {
  constructor(
    @Inject(SharingPolicyService) private readonly policy: SharingPolicyService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(SharingPolicySubject.Get, ({ caller }) => this.policy.get(caller));
    this.rpc.handle(SharingPolicySubject.Update, ({ caller, payload }) => this.policy.update(caller, payload));
  }
}
