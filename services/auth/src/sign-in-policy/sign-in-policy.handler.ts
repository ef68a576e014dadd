import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { SignInPolicySubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { SignInPolicyService } from './sign-in-policy.service.js';

/** The account's sign-in policy, forwarded to SignInPolicyService. */
@Controller()
export class SignInPolicyHandler implements OnModuleInit {
  constructor(
    @Inject(SignInPolicyService) private readonly policy: SignInPolicyService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(SignInPolicySubject.Get, ({ caller }) => this.policy.get(caller));
    this.rpc.handle(SignInPolicySubject.Update, ({ caller, payload }) => this.policy.update(caller, payload));
  }
}
