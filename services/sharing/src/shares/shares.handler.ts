import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { FilesEvent, SharingSubject } from '@coffer/contracts';
import { EventBus, RpcRouter } from '@coffer/server-core';
import { SharesService } from './shares.service.js';

/** NATS requests of the sharing service and the files events its shares follow, forwarded to SharesService. */
@Controller()
export class SharesHandler implements OnModuleInit {
  constructor(
    @Inject(SharesService) private readonly shares: SharesService,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.bus.on(FilesEvent.FileTrashed, (event) => this.shares.fileTrashed(event.payload.item.id, true));
    this.bus.on(FilesEvent.FileRestored, (event) => this.shares.fileTrashed(event.payload.item.id, false));
    this.bus.on(FilesEvent.FileDeleted, (event) => this.shares.fileDeleted(event.payload.item.id));
    this.bus.on(FilesEvent.FileRenamed, (event) => this.shares.fileRenamed(event.payload.item.id, event.payload.item.name));

    this.rpc.handle(SharingSubject.CreateShare, ({ caller, payload }) => this.shares.create(caller, payload));
    this.rpc.handle(SharingSubject.ListShares, ({ caller, payload }) => this.shares.list(caller, payload));
    this.rpc.handle(SharingSubject.SharesOfItem, ({ caller, payload }) => this.shares.sharesOf(caller, payload.itemId));
    this.rpc.handle(SharingSubject.RevokeShare, ({ caller, payload }) => this.shares.revoke(caller, payload.shareId));
    this.rpc.handle(SharingSubject.ShareLink, ({ caller, client, payload }) => this.shares.link(caller, client.clientIp, payload.shareId, payload.disposition));
    // Asked by the files service, for a person opening an item of another account (the caller is that person).
    this.rpc.handle(SharingSubject.FolderShareGrant, ({ caller, payload }) => this.shares.folderGrant(caller, payload));
    this.rpc.handle(SharingSubject.ConfirmAddress, ({ caller, payload }) => this.shares.confirmAddress(caller, payload.token));
    // Asked for someone not signed in who followed a share email's link: the token is the proof.
    this.rpc.handle(SharingSubject.DescribeAddressLink, { caller: 'none' }, ({ payload }) => this.shares.describeAddressLink(payload.token));
    // Asked by the gateway for a browser presenting a ticket: there is no signed-in caller, the ticket is the proof.
    this.rpc.handle(SharingSubject.RedeemShareTicket, { caller: 'none' }, ({ client, payload }) =>
      this.shares.redeem(client.clientIp, payload.ticket, payload.range),
    );
    // Asked by the gateway when a View's read sent less than it was granted (the player went away).
    this.rpc.handle(SharingSubject.ReturnUnreadBytes, { caller: 'none' }, ({ payload }) => this.shares.returnUnreadBytes(payload.ticket, payload.bytes));
  }
}
