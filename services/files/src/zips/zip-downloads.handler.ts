import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { FilesSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { ZipDownloadsService } from './zip-downloads.service.js';

/** Zip downloads, forwarded to ZipDownloadsService: an address for the signed-in person (or a link's maker), then its pages for the gateway. */
@Controller()
export class ZipDownloadsHandler implements OnModuleInit {
  constructor(
    @Inject(ZipDownloadsService) private readonly zips: ZipDownloadsService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(FilesSubject.ZipTicket, ({ caller, payload }) => this.zips.ticket(caller, payload.items, payload.linkFolder));
    // The browser that holds the address has no session here: the signed ticket says whose the zip is.
    this.rpc.handle(FilesSubject.OpenZip, { caller: 'none' }, ({ payload }) => this.zips.open(payload.ticket, payload.items));
    this.rpc.handle(FilesSubject.ZipEntries, { caller: 'none' }, ({ payload }) => this.zips.entries(payload.walk, payload.folderId, payload.after));
  }
}
