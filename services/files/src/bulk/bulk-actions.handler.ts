import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { BulkActionSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { BulkActionsService } from './bulk-actions.service.js';

/** Actions on a whole selection, forwarded to BulkActionsService. */
@Controller()
export class BulkActionsHandler implements OnModuleInit {
  constructor(
    @Inject(BulkActionsService) private readonly bulk: BulkActionsService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(BulkActionSubject.Move, ({ caller, payload }) => this.bulk.move(caller, payload.items, payload.folderId));
    this.rpc.handle(BulkActionSubject.Trash, ({ caller, payload }) => this.bulk.trash(caller, payload.items));
    this.rpc.handle(BulkActionSubject.Restore, ({ caller, payload }) => this.bulk.restore(caller, payload.items));
    this.rpc.handle(BulkActionSubject.Delete, ({ caller, payload }) => this.bulk.deleteForever(caller, payload.items));
  }
}
