import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { SingleSignOnSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { SingleSignOnService } from './single-sign-on.service.js';

/** Single sign-on: its settings (owner and admins) and the sign-in through it, forwarded to SingleSignOnService. */
@Controller()
export class SingleSignOnHandler implements OnModuleInit {
  constructor(
    @Inject(SingleSignOnService) private readonly sso: SingleSignOnService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(SingleSignOnSubject.Get, ({ caller }) => this.sso.get(caller));
    this.rpc.handle(SingleSignOnSubject.Save, ({ caller, payload }) => this.sso.save(caller, payload));
    this.rpc.handle(SingleSignOnSubject.Remove, ({ caller }) => this.sso.remove(caller));
    this.rpc.handle(SingleSignOnSubject.VerifyDomain, ({ caller, payload }) => this.sso.verifyDomain(caller, payload.domain));
    this.rpc.handle(SingleSignOnSubject.Lookup, { caller: 'none' }, ({ client, payload }) => this.sso.lookup(payload.email, client.clientIp));
    this.rpc.handle(SingleSignOnSubject.Start, { caller: 'none' }, ({ client, payload }) => this.sso.start(payload.email, payload.rememberMe, client.clientIp));
    this.rpc.handle(SingleSignOnSubject.Finish, { caller: 'none' }, ({ payload }) => this.sso.finish(payload));
  }
}
