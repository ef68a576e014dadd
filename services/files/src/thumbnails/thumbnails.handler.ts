import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { FilesEvent, FilesSubject } from '@coffer/contracts';
import { EventBus, RpcRouter } from '@coffer/server-core';
import { ThumbnailsService } from './thumbnails.service.js';

/** Thumbnails: each upload queues its own (made in the background), and a file's is read by whoever may view it. */
@Controller()
export class ThumbnailsHandler implements OnModuleInit {
  constructor(
    @Inject(ThumbnailsService) private readonly thumbnails: ThumbnailsService,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.bus.on(FilesEvent.FileUploaded, async (event) => this.thumbnails.uploaded(event));
    this.rpc.handle(FilesSubject.FileThumbnail, ({ caller, payload }) => this.thumbnails.thumbnail(caller, payload.fileId));
  }
}
