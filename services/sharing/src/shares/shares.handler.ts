import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { FilesEvent, SharingSubject, type CallerIdentity, type ReceivedPayload, type RequestMeta } from '@coffer/contracts';
import { Caller, Client, EventBus, Handles, Received } from '@coffer/server-core';
import { SharesService } from './shares.service.js';

/** NATS requests of the sharing service and the files events its shares follow, forwarded to SharesService. */
@Controller()
export class SharesHandler implements OnModuleInit {
  constructor(
    @Inject(SharesService) private readonly shares: SharesService,
    @Inject(EventBus) private readonly bus: EventBus,
  ) {}

  onModuleInit() {
    this.bus.on(FilesEvent.FileTrashed, (event) => this.shares.fileTrashed(event.payload.item.id, true));
    this.bus.on(FilesEvent.FileRestored, (event) => this.shares.fileTrashed(event.payload.item.id, false));
    this.bus.on(FilesEvent.FileDeleted, (event) => this.shares.fileDeleted(event.payload.item.id));
  }

  @Handles(SharingSubject.CreateShare)
  create(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof SharingSubject.CreateShare>) {
    return this.shares.create(caller, p);
  }

  @Handles(SharingSubject.ListShares)
  list(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof SharingSubject.ListShares>) {
    return this.shares.list(caller, p);
  }

  @Handles(SharingSubject.RevokeShare)
  revoke(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof SharingSubject.RevokeShare>) {
    return this.shares.revoke(caller, p.shareId);
  }

  @Handles(SharingSubject.ShareLink)
  link(@Caller() caller: CallerIdentity, @Client() client: Pick<RequestMeta, 'clientIp'>, @Received() p: ReceivedPayload<typeof SharingSubject.ShareLink>) {
    return this.shares.link(caller, client.clientIp, p.shareId, p.disposition);
  }

  @Handles(SharingSubject.ConfirmAddress)
  confirmAddress(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof SharingSubject.ConfirmAddress>) {
    return this.shares.confirmAddress(caller, p.token);
  }

  /** Asked by the gateway for a browser presenting a ticket: there is no signed-in caller, the ticket is the proof. */
  @Handles(SharingSubject.RedeemShareTicket)
  redeem(@Client() client: Pick<RequestMeta, 'clientIp'>, @Received() p: ReceivedPayload<typeof SharingSubject.RedeemShareTicket>) {
    return this.shares.redeem(client.clientIp, p.ticket, p.range);
  }

  /** Asked by the gateway when a View's read sent less than it was granted (the player went away). */
  @Handles(SharingSubject.ReturnUnreadBytes)
  returnUnreadBytes(@Received() p: ReceivedPayload<typeof SharingSubject.ReturnUnreadBytes>) {
    return this.shares.returnUnreadBytes(p.ticket, p.bytes);
  }
}
