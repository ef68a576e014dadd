import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { FilesSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { StorageService } from './storage.service.js';

/** The storage meter and each member's usage, forwarded to StorageService. */
@Controller()
export class StorageHandler implements OnModuleInit {
  constructor(
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(FilesSubject.StorageUsage, ({ caller }) => this.storage.usage(caller));
    this.rpc.handle(FilesSubject.StorageByMember, ({ caller }) => this.storage.byMember(caller));
  }
}
