import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { desc, eq } from 'drizzle-orm';
import {
  ACTIVITY_LIMIT,
  FilesEvent,
  NotificationSubject,
  SharingEvent,
  type ActivityEntry,
  type CallerIdentity,
  type DomainEvent,
  type FileChanged,
  type ListActivityReply,
  type ShareCreated,
} from '@coffer/contracts';
import { Caller, DATABASE, EventBus, type Database } from '@coffer/server-core';
import { activity } from '../db/schema.js';

/** Files events that show in the Activity Log, and the kind each becomes. */
const KIND_OF: Record<string, ActivityEntry['kind']> = {
  [FilesEvent.FileUploaded]: 'upload',
  [FilesEvent.FileTrashed]: 'delete',
};

/** Keeps each user's activity from the files and sharing events, and lists the latest. */
@Controller()
export class ActivityHandler implements OnModuleInit {
  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  private async add(tx: Database, event: DomainEvent<unknown>, entry: { userId: string; kind: ActivityEntry['kind']; fileName: string }) {
    await tx
      .insert(activity)
      .values({ id: event.id, ...entry, fileName: entry.fileName || 'a file', occurredAt: new Date(event.occurredAt) })
      .onConflictDoNothing();
  }

  onModuleInit() {
    for (const [type, kind] of Object.entries(KIND_OF)) {
      this.bus.on<FileChanged>(type, (event, tx) => this.add(tx, event, { userId: event.payload.userId, kind, fileName: event.payload.item.name }));
    }
    // The sharer's Activity Log shows each share they make.
    this.bus.on<ShareCreated>(SharingEvent.ShareCreated, (event, tx) =>
      this.add(tx, event, { userId: event.payload.share.sharedByUserId, kind: 'share', fileName: event.payload.share.fileName }),
    );
  }

  @MessagePattern(NotificationSubject.ListActivity)
  async list(@Caller() caller: CallerIdentity): Promise<ListActivityReply> {
    const rows = await this.db.select().from(activity).where(eq(activity.userId, caller.userId)).orderBy(desc(activity.occurredAt)).limit(ACTIVITY_LIMIT);
    return { items: rows.map((r) => ({ id: r.id, kind: r.kind, fileName: r.fileName, occurredAt: r.occurredAt.toISOString() })) };
  }
}
