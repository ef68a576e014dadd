import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AuthEvent, FilesSubject } from '@coffer/contracts';
import { EventBus, RpcRouter } from '@coffer/server-core';
import { FoldersService } from './folders.service.js';

/** Folder requests, and each new user's default folders, forwarded to FoldersService. */
@Controller()
export class FoldersHandler implements OnModuleInit {
  constructor(
    @Inject(FoldersService) private readonly folders: FoldersService,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.bus.on(AuthEvent.UserRegistered, (event) => this.folders.createDefaults(event.payload));

    this.rpc.handle(FilesSubject.ListFolders, ({ caller, payload }) => this.folders.folders(caller, payload));
    this.rpc.handle(FilesSubject.GetFolder, ({ caller, payload }) => this.folders.folderPath(caller, payload.folderId));
    // Asked by sharing for a folder link's public page, as the link's maker (sharing decided the link).
    this.rpc.handle(FilesSubject.LinkedFolder, ({ caller, payload }) => this.folders.linkedFolder(caller, payload.folderId, payload.within, payload.after));
    this.rpc.handle(FilesSubject.GetUploadFolder, ({ caller, payload }) => this.folders.uploadFolder(caller, payload.folderId));
    this.rpc.handle(FilesSubject.EnsureFolderPaths, ({ caller, payload }) => this.folders.ensurePaths(caller, payload.parentId, payload.paths));
    this.rpc.handle(FilesSubject.CreateFolder, ({ caller, payload }) => this.folders.create(caller, payload.name, payload.parentId));
  }
}
