import { Inject, Injectable } from '@nestjs/common';
import {
  FilesEvent,
  SIGNED_URL_SECONDS,
  VERSION_NOT_FOUND,
  type CallerIdentity,
  type FileItem,
  type FileLink,
  type FileVersion,
  type FileVersions,
} from '@coffer/contracts';
import { EventBus, notFound, UnitOfWork } from '@coffer/server-core';
import type { FileRow, FileVersionRow } from '../db/schema.js';
import { allows, AccessService } from '../access/access.service.js';
import { PlanFeatures } from '../access/plan-features.js';
import { FilesRepository } from '../files/files.repository.js';
import { FilesService, toFileItem } from '../files/files.service.js';
import { ObjectStorage } from '../storage/object-storage.js';
import { VersionsRepository } from './versions.repository.js';
import { thumbnailKeyOf } from '../thumbnails/thumbnail-image.js';

const DAY_MS = 86_400_000;
/** The shortest time any plan keeps a version: nothing younger is looked at by the purge. */
const SHORTEST_RETENTION_DAYS = 30;
/** Versions the purge looks at in one transaction. */
const PURGE_BATCH = 500;

/** The bytes a file holds now, as a version row would keep them. */
/** Objects' keys with their thumbnails' (an earlier version's bytes may have had one while they were current). */
const withThumbnails = (keys: string[]) => keys.flatMap((key) => [key, thumbnailKeyOf(key)]);

const currentBytesOf = (file: FileRow & { storagePath: string }) => ({
  storagePath: file.storagePath,
  size: file.size,
  mimeType: file.mimeType,
  addedBy: file.contentAddedBy ?? file.addedBy,
  addedAt: file.contentAddedAt ?? file.createdAt,
});

/**
 * A file's versions (PRODUCT-DECISIONS "Files"): an upload that replaces a file keeps its earlier bytes as a
 * version, which can be listed and downloaded (Can view) and restored (Can edit: the bytes it replaces become a
 * version in turn, nothing is lost). Versions count toward the account's storage, go to the trash and come back
 * with their file, are deleted with it for good, and are purged once older than the account's plan keeps them.
 * Every change of a file's bytes holds the file's row: two at once never lose one's bytes.
 */
@Injectable()
export class VersionsService {
  constructor(
    @Inject(VersionsRepository) private readonly versions: VersionsRepository,
    @Inject(FilesRepository) private readonly files: FilesRepository,
    @Inject(FilesService) private readonly items: FilesService,
    @Inject(ObjectStorage) private readonly objects: ObjectStorage,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
    @Inject(AccessService) private readonly access: AccessService,
    @Inject(PlanFeatures) private readonly plans: PlanFeatures,
  ) {}

  /** The file's current bytes and its earlier versions, newest first, each with who uploaded it and when. */
  async list(asked: CallerIdentity, fileId: string): Promise<FileVersions> {
    const caller = await this.access.actingFor(asked, fileId);
    const file = await this.items.activeFile(caller, fileId, 'view');
    const [rows, level, features] = await Promise.all([this.versions.ofFile(file.id), this.access.levelOf(caller, file), this.plans.of(caller)]);
    const keptFor = features.versionRetentionDays * DAY_MS;
    const current: FileVersion = { id: file.id, ...shown(currentBytesOf(file)), current: true, keptUntil: null };
    const earlier = rows.map((r) => ({ id: r.id, ...shown(r), current: false, keptUntil: new Date(r.createdAt.getTime() + keptFor).toISOString() }));
    return { fileId: file.id, name: file.name, items: [current, ...earlier], canRestore: allows(level, 'edit') };
  }

  /** A signed link that opens or downloads one earlier version, under the file's name (Can view, as the file). */
  async link(asked: CallerIdentity, fileId: string, versionId: string, disposition: 'inline' | 'attachment'): Promise<FileLink> {
    const caller = await this.access.actingFor(asked, fileId, disposition);
    const file = await this.items.activeFile(caller, fileId, 'view');
    const version = await this.versions.find(file.id, versionId);
    if (!version) throw notFound(VERSION_NOT_FOUND);
    const url = await this.objects.fileLink(version.storagePath, file.name, version.mimeType, disposition);
    return { url, expiresAt: new Date(Date.now() + SIGNED_URL_SECONDS * 1000).toISOString() };
  }

  /**
   * An upload's bytes become the file's (in the upload's transaction, the file held): what it held is kept as a
   * version, the file keeps its id (its shares, links and access stay), and everyone who sees it hears it changed.
   */
  async replace(
    caller: CallerIdentity,
    held: FileRow & { storagePath: string },
    upload: { storagePath: string; mimeType: string },
    size: number,
  ): Promise<FileRow> {
    await this.access.item(caller, held.id, 'edit');
    await this.versions.insert({ fileId: held.id, accountId: held.accountId, ...currentBytesOf(held) });
    const now = new Date();
    const file = (await this.files.update(held.id, {
      storagePath: upload.storagePath,
      size,
      mimeType: upload.mimeType,
      contentAddedBy: caller.userId,
      contentAddedAt: now,
      lastAccessedAt: now,
    }))!;
    await this.items.announce(FilesEvent.FileReplaced, caller, file);
    return file;
  }

  /** An earlier version becomes the file's bytes again; the bytes it held take that version's place (Can edit). */
  async restore(asked: CallerIdentity, fileId: string, versionId: string): Promise<FileItem> {
    const caller = await this.access.actingFor(asked, fileId);
    await this.items.activeFile(caller, fileId, 'edit');
    const row = await this.unit.run(async () => {
      const held = await this.files.findForUpdate(caller.accountId, fileId);
      if (!held || held.deletedAt || !held.storagePath) throw notFound('File not found');
      const version = await this.versions.findForUpdate(held.id, versionId);
      if (!version) throw notFound(VERSION_NOT_FOUND);
      await this.versions.update(version.id, currentBytesOf(held as FileRow & { storagePath: string }));
      const file = (await this.files.update(held.id, {
        storagePath: version.storagePath,
        size: version.size,
        mimeType: version.mimeType,
        contentAddedBy: version.addedBy,
        contentAddedAt: version.addedAt,
      }))!;
      await this.items.announce(FilesEvent.FileVersionRestored, caller, file);
      return file;
    });
    return toFileItem(row);
  }

  /** Deletes the versions of files deleted for good (in their unit of work); gives their objects' keys, to remove once committed. */
  async removeOf(fileIds: string[]): Promise<string[]> {
    return withThumbnails(await this.versions.removeOf(fileIds));
  }

  /**
   * Removes the versions older than their account's plan keeps them (`now`: the purge's time, a test's date), rows
   * and objects, a batch to a transaction; returns how many went. Runs on one replica at a time.
   */
  async purge(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - SHORTEST_RETENTION_DAYS * DAY_MS);
    let count = 0;
    let after: string | undefined;
    for (;;) {
      const batch = await this.versions.exclusively('coffer-versions-purge', async () => {
        const candidates = await this.versions.olderThan(before, PURGE_BATCH, after);
        const expired: FileVersionRow[] = [];
        for (const v of candidates) {
          const features = await this.plans.of({ userId: v.addedBy, accountId: v.accountId, role: 'member' });
          if (v.createdAt.getTime() < now.getTime() - features.versionRetentionDays * DAY_MS) expired.push(v);
        }
        return {
          keys: withThumbnails(await this.versions.remove(expired.map((v) => v.id))),
          removed: expired.length,
          last: candidates.at(-1)?.id,
          seen: candidates.length,
        };
      });
      if (!batch) break;
      await this.objects.remove(batch.keys);
      count += batch.removed;
      if (batch.seen < PURGE_BATCH) break;
      after = batch.last;
    }
    return count;
  }
}

/** What the Versions panel shows of some bytes. */
function shown(bytes: Pick<FileVersionRow, 'size' | 'mimeType' | 'addedBy' | 'addedAt'>) {
  return { size: bytes.size, mimeType: bytes.mimeType, addedBy: bytes.addedBy, addedAt: bytes.addedAt.toISOString() };
}
