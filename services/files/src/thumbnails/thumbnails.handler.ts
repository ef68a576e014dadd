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
    // New bytes (an upload, a replace, a version restored) get a thumbnail of their own.
    this.bus.on(FilesEvent.FileUploaded, async (event) => this.thumbnails.uploaded(event));
    this.bus.on(FilesEvent.FileReplaced, async (event) => this.thumbnails.uploaded(event));
    this.bus.on(FilesEvent.FileVersionRestored, async (event) => this.thumbnails.uploaded(event));
    this.rpc.handle(FilesSubject.FileThumbnail, ({ caller, payload }) => this.thumbnails.thumbnail(caller, payload.fileId));
  }
}
