import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { FilesSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { FilesService } from './files.service.js';

/** The file browser's lists, one file, and moving and renaming items, forwarded to FilesService. */
@Controller()
export class FilesHandler implements OnModuleInit {
  constructor(
    @Inject(FilesService) private readonly files: FilesService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(FilesSubject.ListFiles, ({ caller, payload }) => this.files.list(caller, payload));
    this.rpc.handle(FilesSubject.GetFile, ({ caller, payload }) => this.files.file(caller, payload.fileId));
    this.rpc.handle(FilesSubject.GetItem, ({ caller, payload }) => this.files.shareable(caller, payload.fileId));
    this.rpc.handle(FilesSubject.MoveFile, ({ caller, payload }) => this.files.move(caller, payload.fileId, payload.folderId));
    this.rpc.handle(FilesSubject.RenameFile, ({ caller, payload }) => this.files.rename(caller, payload.fileId, payload.name));
  }
}
