import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { FilesSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { TrashService } from './trash.service.js';

/** The trash's requests, forwarded to TrashService. */
@Controller()
export class TrashHandler implements OnModuleInit {
  constructor(
    @Inject(TrashService) private readonly trash: TrashService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(FilesSubject.TrashFile, ({ caller, payload }) => this.trash.trash(caller, payload.fileId));
    this.rpc.handle(FilesSubject.RestoreFile, ({ caller, payload }) => this.trash.restore(caller, payload.fileId));
    this.rpc.handle(FilesSubject.DeleteFile, ({ caller, payload }) => this.trash.deleteForever(caller, payload.fileId));
    this.rpc.handle(FilesSubject.EmptyTrash, ({ caller }) => this.trash.empty(caller));
  }
}
