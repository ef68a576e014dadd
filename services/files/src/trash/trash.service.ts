import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCode,
  FilesEvent,
  FOLDER_MIME_TYPE,
  OK,
  ROOT_FOLDER,
  TRASH_RETENTION_DAYS,
  type CallerIdentity,
  type FileItem,
  type OkReply,
} from '@coffer/contracts';
import { EventBus, notFound, rpcError, UnitOfWork } from '@coffer/server-core';
import type { FileRow } from '../db/schema.js';
import { AccessService } from '../access/access.service.js';
import { FilesRepository } from '../files/files.repository.js';
import { FilesService, type Owner } from '../files/files.service.js';
import { ObjectStorage } from '../storage/object-storage.js';
import { UploadsRepository } from '../uploads/uploads.repository.js';
import { UploadsService } from '../uploads/uploads.service.js';
import { VersionsService } from '../versions/versions.service.js';

const DAY_MS = 86_400_000;
/** Items the purge deletes in one transaction. */
const PURGE_BATCH = 500;

/** Why an item may not go to the trash, if it may not (`holds`: what a folder holds, out of the trash). */
export function notTrashable(item: FileRow, holds?: { files: number; folders: number }) {
  if (item.deletedAt) return notFound('File not found');
  if (item.teamFolderId === item.id) return rpcError(ErrorCode.ValidationFailed, 400, 'A team folder is deleted from its menu, not moved to the trash.');
  if (holds && holds.files + holds.folders > 0) return rpcError(ErrorCode.Conflict, 409, 'Cannot delete folder with contents. Please empty the folder first.');
  return undefined;
}

/** Where a trashed item comes back: its folder when that is there (or coming back with it), else its team folder or the root of My files. */
export function restoredInto(item: FileRow, parent: FileRow | undefined, teamFolder: FileRow | undefined, caller: CallerIdentity) {
  if (item.folder === ROOT_FOLDER || (parent && !parent.deletedAt)) return {};
  return teamFolder ? { folder: teamFolder.id } : { folder: ROOT_FOLDER, userId: item.userId ?? caller.userId, teamFolderId: null };
}

/** The trash: moving items in and out, deleting them for good, and the purge of what stayed 30 days. */
@Injectable()
export class TrashService {
  constructor(
    @Inject(FilesRepository) private readonly files: FilesRepository,
    @Inject(UploadsRepository) private readonly uploads: UploadsRepository,
    @Inject(UploadsService) private readonly uploadSlots: UploadsService,
    @Inject(FilesService) private readonly items: FilesService,
    @Inject(ObjectStorage) private readonly objects: ObjectStorage,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
    @Inject(AccessService) private readonly access: AccessService,
    @Inject(VersionsService) private readonly versions: VersionsService,
  ) {}

  /** Moves a file, or an empty folder, to the trash. */
  async trash(caller: CallerIdentity, id: string): Promise<FileItem> {
    const item = await this.access.item(caller, id, 'edit');
    const refusal = notTrashable(item, item.mimeType === FOLDER_MIME_TYPE ? (await this.files.countChildren([item.id])).get(item.id) : undefined);
    if (refusal) throw refusal;
    return this.items.change(caller, id, { deletedAt: new Date() }, FilesEvent.FileTrashed);
  }

  /**
   * Brings an item back from the trash; if its folder is gone, into its team folder (an item of one that is
   * still there) or the root of the caller's My files.
   */
  async restore(caller: CallerIdentity, id: string): Promise<FileItem> {
    const item = await this.inTrash(caller, id);
    const parent = item.folder === ROOT_FOLDER ? undefined : await this.files.findInAccount(caller.accountId, item.folder);
    const teamFolder = item.teamFolderId && parent?.deletedAt !== null ? await this.files.findInAccount(caller.accountId, item.teamFolderId) : undefined;
    return this.items.change(caller, id, { deletedAt: null, ...restoredInto(item, parent, teamFolder, caller) }, FilesEvent.FileRestored);
  }

  /** A trashed item the caller may edit (restore it, delete it for good). */
  private async inTrash(caller: CallerIdentity, id: string): Promise<FileRow> {
    const item = await this.access.item(caller, id, 'edit', 'File not found in the trash');
    if (!item.deletedAt) throw notFound('File not found in the trash');
    return item;
  }

  async deleteForever(caller: CallerIdentity, id: string): Promise<OkReply> {
    const item = await this.inTrash(caller, id);
    const keys = await this.unit.run(() => this.destroy(caller, [item]));
    await this.objects.remove(keys);
    return OK;
  }

  /**
   * Empties the caller's trash: exactly what it lists to them (their My files, and what they may edit in team
   * folders), by the same access decision, so a team item another person cannot restore is never theirs to delete.
   */
  async empty(caller: CallerIdentity): Promise<{ deleted: number }> {
    const reach = await this.access.reach(caller, 'edit');
    const { keys, deleted } = await this.unit.run(async () => {
      const trashed = await this.files.allTrashed(reach);
      return { keys: await this.destroy(caller, trashed), deleted: trashed.length };
    });
    await this.objects.remove(keys);
    return { deleted };
  }

  /**
   * Removes items trashed more than 30 days ago and abandoned upload slots,
   * rows and objects, a batch to a transaction (each holds the stored bytes of
   * the accounts it touches, which their uploads' confirmations wait on, only
   * as long as a batch takes). Runs on one replica at a time; returns how many items went.
   */
  async purge(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - TRASH_RETENTION_DAYS * DAY_MS);
    let count = 0;
    for (;;) {
      const batch = await this.files.exclusively('coffer-files-purge', async () => {
        const trashed = await this.files.trashedBefore(before, PURGE_BATCH);
        const abandoned = await this.uploads.removeExpired(now);
        await this.uploads.removeExpiredConfirmations(now);
        const keys: string[] = [];
        for (const row of trashed) keys.push(...(await this.destroy({ userId: row.userId ?? row.addedBy, accountId: row.accountId }, [row])));
        return { keys, abandoned, count: trashed.length };
      });
      if (!batch) break;
      await this.objects.remove(batch.keys);
      await this.uploadSlots.discard(batch.abandoned);
      count += batch.count;
      if (batch.count < PURGE_BATCH) break;
    }
    await this.bus.relay();
    return count;
  }

  /**
   * Deletes items for good in the unit of work, with their files' versions, announcing each; returns the keys of
   * their objects (versions' too), to remove once committed.
   */
  async destroy(owner: Owner, rows: FileRow[]): Promise<string[]> {
    const versionKeys = await this.versions.removeOf(rows.map((r) => r.id));
    const removed = await this.files.remove(rows.map((r) => r.id));
    for (const row of removed) await this.items.announce(FilesEvent.FileDeleted, owner, row);
    return [...removed.flatMap((r) => [r.storagePath, r.thumbnailPath]).filter((p): p is string => Boolean(p)), ...versionKeys];
  }
}
