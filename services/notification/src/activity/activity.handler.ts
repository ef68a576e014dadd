import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { FilesEvent, NotificationSubject, SharingEvent } from '@coffer/contracts';
import { EventBus, RpcRouter } from '@coffer/server-core';
import { ActivityService } from './activity.service.js';

/** The events that show in the Activity Log, and the log itself. */
@Controller()
export class ActivityHandler implements OnModuleInit {
  constructor(
    @Inject(ActivityService) private readonly activity: ActivityService,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.bus.on(FilesEvent.FileUploaded, (event) => this.activity.fileChanged(event, 'upload'));
    this.bus.on(FilesEvent.FileReplaced, (event) => this.activity.fileChanged(event, 'replace'));
    this.bus.on(FilesEvent.FileVersionRestored, (event) => this.activity.fileChanged(event, 'restore-version'));
    this.bus.on(FilesEvent.FileTrashed, (event) => this.activity.fileChanged(event, 'delete'));
    this.bus.on(FilesEvent.SelectionChanged, (event) => this.activity.selectionChanged(event));
    this.bus.on(FilesEvent.FileDownloaded, (event) => this.activity.fileChanged(event, 'download'));
    this.bus.on(SharingEvent.ShareCreated, (event) => this.activity.shareCreated(event));
    this.bus.on(SharingEvent.ShareAccessed, async (event) => {
      await this.activity.shareDownloaded(event);
    });

    this.rpc.handle(NotificationSubject.ListActivity, ({ caller }) => this.activity.list(caller));
  }
}
