import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { FilesSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { LinksService } from './links.service.js';

/** Signed links to a file, forwarded to LinksService. */
@Controller()
export class LinksHandler implements OnModuleInit {
  constructor(
    @Inject(LinksService) private readonly links: LinksService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(FilesSubject.FileLink, ({ caller, payload }) =>
      this.links.link(caller, payload.fileId, payload.disposition, payload.viaShare, payload.within),
    );
  }
}
