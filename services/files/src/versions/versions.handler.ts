import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { FilesSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { VersionsService } from './versions.service.js';

/** A file's versions: the list, a link to one, restoring one, forwarded to VersionsService. */
@Controller()
export class VersionsHandler implements OnModuleInit {
  constructor(
    @Inject(VersionsService) private readonly versions: VersionsService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(FilesSubject.ListVersions, ({ caller, payload }) => this.versions.list(caller, payload.fileId));
    this.rpc.handle(FilesSubject.VersionLink, ({ caller, payload }) => this.versions.link(caller, payload.fileId, payload.versionId, payload.disposition));
    this.rpc.handle(FilesSubject.RestoreVersion, ({ caller, payload }) => this.versions.restore(caller, payload.fileId, payload.versionId));
  }
}
