import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AccountLinksSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { AccountLinksService } from './account-links.service.js';

/** The account's list of links and file requests, forwarded to AccountLinksService. */
@Controller()
export class AccountLinksHandler implements OnModuleInit {
  constructor(
    @Inject(AccountLinksService) private readonly accountLinks: AccountLinksService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(AccountLinksSubject.ListAccountLinks, ({ caller, payload }) => this.accountLinks.list(caller, payload));
  }
}
