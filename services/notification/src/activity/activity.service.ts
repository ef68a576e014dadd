import { Inject, Injectable } from '@nestjs/common';
import {
  ACTIVITY_LIMIT,
  type ActivityEntry,
  type CallerIdentity,
  type DomainEvent,
  type FileChange,
  type ListActivityReply,
  type ShareAccessed,
  type ShareCreated,
} from '@coffer/contracts';
import { ActivityRepository } from './activity.repository.js';

/** Each user's Activity Log, kept from the files and sharing events. */
@Injectable()
export class ActivityService {
  constructor(@Inject(ActivityRepository) private readonly activity: ActivityRepository) {}

  private add(event: DomainEvent<unknown>, entry: { userId: string; kind: ActivityEntry['kind']; fileName: string }) {
    return this.activity.add({ id: event.id, ...entry, fileName: entry.fileName || 'a file', occurredAt: new Date(event.occurredAt) });
  }

  /** An upload, a download or a delete of the user's own file. */
  fileChanged(event: DomainEvent<FileChange>, kind: ActivityEntry['kind']) {
    return this.add(event, { userId: event.payload.userId, kind, fileName: event.payload.item.name });
  }

  /** A recipient downloaded what the user shared: the sharer's log shows the download. */
  shareDownloaded(event: DomainEvent<ShareAccessed>) {
    const { share, disposition } = event.payload;
    if (disposition !== 'attachment') return;
    return this.add(event, { userId: share.sharedByUserId, kind: 'download', fileName: share.fileName });
  }

  /** The sharer's log shows each share they make. */
  shareCreated(event: DomainEvent<ShareCreated>) {
    return this.add(event, { userId: event.payload.share.sharedByUserId, kind: 'share', fileName: event.payload.share.fileName });
  }

  async list(caller: CallerIdentity): Promise<ListActivityReply> {
    const rows = await this.activity.latest(caller.userId, ACTIVITY_LIMIT);
    return { items: rows.map((r) => ({ id: r.id, kind: r.kind, fileName: r.fileName, occurredAt: r.occurredAt.toISOString() })) };
  }
}
