import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AuthEvent, FilesSubject, type CallerIdentity, type ReceivedPayload } from '@coffer/contracts';
import { Caller, EventBus, Handles, Received } from '@coffer/server-core';
import { FoldersService } from './folders.service.js';

/** Folder requests, and each new user's default folders, forwarded to FoldersService. */
@Controller()
export class FoldersHandler implements OnModuleInit {
  constructor(
    @Inject(FoldersService) private readonly folders: FoldersService,
    @Inject(EventBus) private readonly bus: EventBus,
  ) {}

  onModuleInit() {
    this.bus.on(AuthEvent.UserRegistered, (event) => this.folders.createDefaults(event.payload));
  }

  @Handles(FilesSubject.ListFolders)
  list(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof FilesSubject.ListFolders>) {
    return this.folders.folders(caller, p);
  }

  @Handles(FilesSubject.GetFolder)
  folder(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof FilesSubject.GetFolder>) {
    return this.folders.folderPath(caller, p.folderId);
  }

  @Handles(FilesSubject.CreateFolder)
  create(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof FilesSubject.CreateFolder>) {
    return this.folders.create(caller, p.name, p.parentId);
  }
}
