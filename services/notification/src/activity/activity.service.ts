import { Inject, Injectable } from '@nestjs/common';
import {
  ACTIVITY_LIMIT,
  roleMay,
  type ActivityEntry,
  type CallerIdentity,
  type DomainEvent,
  type FileChange,
  type ListActivityReply,
  type SelectionChanged,
  itemCount,
  type ShareAccessed,
  type ShareCreated,
  type TeamAudience,
} from '@coffer/contracts';
import { displayName, PeopleRepository } from '../people/people.repository.js';
import { ActivityRepository } from './activity.repository.js';

type TeamLine = { accountId: string; teamFolderId: string; audienceEveryone: boolean; audienceUserIds: string[] };
/** A line of a team folder's doing: who may see it (the item's audience when it happened). */
const teamLine = (accountId: string, audience?: TeamAudience, teamFolderId?: string | null): Partial<TeamLine> =>
  audience && teamFolderId ? { accountId, teamFolderId, audienceEveryone: audience.everyone, audienceUserIds: audience.userIds } : {};

/**
 * Each user's Activity Log, kept from the files and sharing events. What happens in a team folder shows in the log
 * of everyone its access list let in at the time (and of the account's owners and admins), named after who did it.
 */
@Injectable()
export class ActivityService {
  constructor(
    @Inject(ActivityRepository) private readonly activity: ActivityRepository,
    @Inject(PeopleRepository) private readonly people: PeopleRepository,
  ) {}

  private add(event: DomainEvent<unknown>, entry: { userId: string; kind: ActivityEntry['kind']; fileName: string } & Partial<TeamLine>) {
    return this.activity.add({ id: event.id, ...entry, fileName: entry.fileName || 'a file', occurredAt: new Date(event.occurredAt) });
  }

  /**
   * An upload, a download or a delete by the user (of their own file, or in a team folder). An upload or a delete
   * in a team folder is the team's to see, by the audience the files service decided for it; a download stays the
   * downloader's own.
   */
  async fileChanged(event: DomainEvent<FileChange>, kind: ActivityEntry['kind']) {
    const { userId, item, audience, inSelection } = event.payload;
    if (inSelection) return;
    const team = kind !== 'download' ? teamLine(event.accountId, audience, item.teamFolderId) : {};
    return this.add(event, { userId, kind, fileName: item.name, ...team });
  }

  /**
   * A selection moved to the trash in one request: one "Deleted 300 items" line (not 300 that push every other line
   * out of the log's 15), one per group of items the same people see (own files; each team folder's audience).
   */
  async selectionChanged(event: DomainEvent<SelectionChanged>) {
    if (event.payload.action !== 'trash') return;
    for (const [i, { userId, audience, teamFolderId, count, name }] of event.payload.groups.entries()) {
      const team = teamLine(event.accountId, audience, teamFolderId);
      await this.activity.add({
        id: `${event.id}:${i}`,
        userId,
        kind: 'delete',
        fileName: count === 1 ? name : itemCount(count),
        occurredAt: new Date(event.occurredAt),
        ...team,
      });
    }
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
    const viewer = { userId: caller.userId, accountId: caller.accountId, seesEveryTeamFolder: roleMay(caller.role, 'manageTeamFolders') };
    const rows = await this.activity.latest(viewer, ACTIVITY_LIMIT);
    // A line of someone else's doing (in a team folder) names them.
    const others = [...new Set(rows.filter((r) => r.userId !== caller.userId).map((r) => r.userId))];
    const names = new Map(await Promise.all(others.map(async (id) => [id, await this.people.find(id)] as const)));
    return {
      items: rows.map((r) => {
        const person = r.userId === caller.userId ? undefined : names.get(r.userId);
        return {
          id: r.id,
          kind: r.kind,
          fileName: r.fileName,
          occurredAt: r.occurredAt.toISOString(),
          actorName: r.userId === caller.userId ? null : person ? displayName(person) : 'Someone',
        };
      }),
    };
  }
}
