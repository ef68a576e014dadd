import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { desc, eq } from 'drizzle-orm';
import {
  ACTIVITY_LIMIT,
  FilesEvent,
  NotificationSubject,
  type ActivityEntry,
  type CallerIdentity,
  type DomainEvent,
  type FileChanged,
  type ListActivityReply,
} from '@coffer/contracts';
import { Caller, DATABASE, EventBus, type Database } from '@coffer/server-core';
import { activity } from '../db/schema.js';

/** Files events that show in the Activity Log, and the kind each becomes. */
const KIND_OF: Record<string, ActivityEntry['kind']> = {
  [FilesEvent.FileUploaded]: 'upload',
  [FilesEvent.FileTrashed]: 'delete',
};

/** Keeps each user's activity from the files events, and lists the latest. */
@Controller()
export class ActivityHandler implements OnModuleInit {
  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  onModuleInit() {
    for (const [type, kind] of Object.entries(KIND_OF)) {
      this.bus.on<FileChanged>(type, async (event: DomainEvent<FileChanged>, tx) => {
        await tx
          .insert(activity)
          .values({ id: event.id, userId: event.payload.userId, kind, fileName: event.payload.item.name || 'a file', occurredAt: new Date(event.occurredAt) })
          .onConflictDoNothing();
      });
    }
  }

  @MessagePattern(NotificationSubject.ListActivity)
  async list(@Caller() caller: CallerIdentity): Promise<ListActivityReply> {
    const rows = await this.db.select().from(activity).where(eq(activity.userId, caller.userId)).orderBy(desc(activity.occurredAt)).limit(ACTIVITY_LIMIT);
    return { items: rows.map((r) => ({ id: r.id, kind: r.kind, fileName: r.fileName, occurredAt: r.occurredAt.toISOString() })) };
  }
}
