import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { FilesSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { TeamFoldersService } from './team-folders.service.js';

/** Team folders and access lists, forwarded to TeamFoldersService. */
@Controller()
export class TeamFoldersHandler implements OnModuleInit {
  constructor(
    @Inject(TeamFoldersService) private readonly teamFolders: TeamFoldersService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(FilesSubject.ListTeamFolders, ({ caller }) => this.teamFolders.list(caller));
    this.rpc.handle(FilesSubject.CreateTeamFolder, ({ caller, payload }) => this.teamFolders.create(caller, payload.name));
    this.rpc.handle(FilesSubject.DeleteTeamFolder, ({ caller, payload }) => this.teamFolders.remove(caller, payload.folderId));
    this.rpc.handle(FilesSubject.GetFolderAccess, ({ caller, payload }) => this.teamFolders.accessOf(caller, payload.folderId));
    this.rpc.handle(FilesSubject.SetFolderAccess, ({ caller, payload }) => this.teamFolders.setAccess(caller, payload.folderId, payload));
    this.rpc.handle(FilesSubject.WhoHasAccess, ({ caller, payload }) => this.teamFolders.whoHasAccess(caller, payload.fileId));
  }
}
