import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { FilesEvent, LinkSubject } from '@coffer/contracts';
import { EventBus, RpcRouter } from '@coffer/server-core';
import { LinksService } from './links.service.js';

/** Links' NATS requests and the files events they follow, forwarded to LinksService. */
@Controller()
export class LinksHandler implements OnModuleInit {
  constructor(
    @Inject(LinksService) private readonly links: LinksService,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.bus.on(FilesEvent.FileTrashed, (event) => this.links.fileTrashed(event.payload.item.id, true));
    this.bus.on(FilesEvent.FileRestored, (event) => this.links.fileTrashed(event.payload.item.id, false));
    this.bus.on(FilesEvent.FileDeleted, (event) => this.links.fileDeleted(event.payload.item.id));
    this.bus.on(FilesEvent.FileRenamed, (event) => this.links.fileRenamed(event.payload.item.id, event.payload.item.name));

    this.rpc.handle(LinkSubject.CreateLink, ({ caller, payload }) => this.links.create(caller, payload));
    this.rpc.handle(LinkSubject.ListLinks, ({ caller, payload }) => this.links.list(caller, payload.fileId));
    this.rpc.handle(LinkSubject.UpdateLink, ({ caller, payload }) => this.links.update(caller, payload));
    this.rpc.handle(LinkSubject.RevokeLink, ({ caller, payload }) => this.links.revoke(caller, payload.linkId));
    this.rpc.handle(LinkSubject.ListLinkAccesses, ({ caller, payload }) => this.links.accesses(caller, payload.linkId));
    // Asked by the gateway for anyone holding the link: there is no signed-in caller, the token is the proof.
    this.rpc.handle(LinkSubject.OpenLinkPage, { caller: 'none' }, ({ client, payload }) =>
      this.links.page(client, payload.token, payload.password, payload.folderId, payload.after),
    );
    this.rpc.handle(LinkSubject.OpenLinkFile, { caller: 'none' }, ({ client, payload }) =>
      this.links.open(client, payload.token, payload.password, payload.disposition, payload.fileId),
    );
    this.rpc.handle(LinkSubject.ZipLinkFolder, { caller: 'none' }, ({ client, payload }) => this.links.zip(client, payload.token, payload.password));
    this.rpc.handle(LinkSubject.RedeemLinkTicket, { caller: 'none' }, ({ client, payload }) => this.links.redeem(client.clientIp, payload.ticket));
  }
}
