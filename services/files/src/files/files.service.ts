import { randomBytes } from 'node:crypto';
import { extname } from 'node:path';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  BillingSubject,
  DEFAULT_FOLDER_NAMES,
  ErrorCode,
  FilesEvent,
  FOLDER_MIME_TYPE,
  MAX_UPLOAD_BYTES,
  ROOT_FOLDER,
  SIGNED_URL_SECONDS,
  TRASH_RETENTION_DAYS,
  type AccountPlan,
  type CallerIdentity,
  type FileChanged,
  type FileItem,
  type FileLink,
  type FolderPath,
  type ListFilesReply,
  type ListFoldersReply,
  type SortOrder,
  type StorageUsage,
  type UploadSlot,
  type UserRegistered,
} from '@coffer/contracts';
import { EventBus, notFound, rpcError, SERVICE_CONFIG, ServiceRequester, type Database } from '@coffer/server-core';
import type { FilesConfig } from '../config.js';
import type { FileRow } from '../db/schema.js';
import { ObjectStorage } from '../storage/object-storage.js';
import { FilesRepository } from './files.repository.js';

export function toFileItem(row: FileRow, counts?: { files: number; folders: number }): FileItem {
  const isFolder = row.mimeType === FOLDER_MIME_TYPE;
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    mimeType: row.mimeType,
    folderId: row.folder,
    isFolder,
    ...(isFolder ? { fileCount: counts?.files ?? 0, folderCount: counts?.folders ?? 0 } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
    lastAccessedAt: row.lastAccessedAt?.toISOString() ?? null,
  };
}

const tooLarge = () => rpcError(ErrorCode.ValidationFailed, 413, 'This file is larger than 50MB, the largest file Coffer accepts.');
const overQuota = () =>
  rpcError(ErrorCode.Conflict, 413, "There isn't enough storage space left on your plan for this file. Free up space or upgrade your plan.");

/** The rules of files and folders; every query is scoped to the caller, and another user's item is "not found". */
@Injectable()
export class FilesService implements OnApplicationShutdown {
  private readonly billing: ServiceRequester;

  constructor(
    @Inject(FilesRepository) private readonly repository: FilesRepository,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(SERVICE_CONFIG) private readonly config: FilesConfig,
  ) {
    this.billing = new ServiceRequester(config.NATS_URL);
  }

  async onApplicationShutdown() {
    await this.billing.close();
  }

  private async withCounts(rows: FileRow[]): Promise<FileItem[]> {
    const counts = await this.repository.countChildren(rows.filter((r) => r.mimeType === FOLDER_MIME_TYPE).map((r) => r.id));
    return rows.map((r) => toFileItem(r, counts.get(r.id)));
  }

  async list(caller: CallerIdentity, req: { folder: string; sort: SortOrder; view: string; q?: string; limit: number; offset: number }): Promise<ListFilesReply> {
    let rows: FileRow[];
    if (req.view === 'trash') rows = await this.repository.listTrash(caller.userId);
    else if (req.view === 'recent') rows = await this.repository.listRecent(caller.userId);
    else if (req.view === 'search') rows = req.q ? await this.repository.search(caller.userId, req.q, req.sort) : [];
    else {
      if (req.folder !== ROOT_FOLDER) await this.activeFolder(caller, req.folder);
      rows = await this.repository.listFolder(caller.userId, req.folder, req.sort, req);
    }
    return { items: await this.withCounts(rows) };
  }

  async folders(caller: CallerIdentity): Promise<ListFoldersReply> {
    const rows = await this.repository.listFolders(caller.userId);
    return { items: rows.map((r) => ({ id: r.id, name: r.name, parentId: r.folder })) };
  }

  async folderPath(caller: CallerIdentity, folderId: string): Promise<FolderPath> {
    const folder = await this.activeFolder(caller, folderId);
    const path: Array<{ id: string; name: string }> = [];
    let current: FileRow | undefined = folder;
    for (let depth = 0; current && depth < 64; depth++) {
      path.unshift({ id: current.id, name: current.name });
      current = current.folder === ROOT_FOLDER ? undefined : await this.repository.find(caller.userId, current.folder);
    }
    const [item] = await this.withCounts([folder]);
    return { folder: item, path };
  }

  /** A folder of the caller that is not in the trash. */
  private async activeFolder(caller: CallerIdentity, folderId: string): Promise<FileRow> {
    const folder = await this.repository.find(caller.userId, folderId);
    if (!folder || folder.mimeType !== FOLDER_MIME_TYPE || folder.deletedAt) throw notFound('Folder not found');
    return folder;
  }

  private async event(tx: Database, type: string, caller: { userId: string; accountId: string }, row: FileRow) {
    await this.bus.record<FileChanged>(tx, type, { accountId: caller.accountId, actorId: caller.userId, payload: { item: toFileItem(row), userId: caller.userId } });
  }

  async createFolder(caller: CallerIdentity, name: string, parentId: string): Promise<FileItem> {
    if (parentId !== ROOT_FOLDER) await this.activeFolder(caller, parentId);
    const row = await this.repository.transaction(async (tx) => {
      const [folder] = await this.repository.insertFolders([{ userId: caller.userId, accountId: caller.accountId, name, parentId }], tx);
      await this.event(tx, FilesEvent.FolderCreated, caller, folder);
      return folder;
    });
    await this.bus.relay();
    return toFileItem(row, { files: 0, folders: 0 });
  }

  /**
   * A new user's root gets Documents, Images, Projects and Invoices. Their
   * creation times are a millisecond apart so that "newest first" lists them
   * in that order.
   */
  async createDefaultFolders(user: UserRegistered, tx: Database): Promise<void> {
    const now = Date.now();
    await this.repository.insertFolders(
      DEFAULT_FOLDER_NAMES.map((name, i) => ({ userId: user.userId, accountId: user.accountId, name, parentId: ROOT_FOLDER, createdAt: new Date(now - i) })),
      tx,
    );
  }

  private async storageLimit(caller: CallerIdentity): Promise<number> {
    const plan = await this.billing.request<AccountPlan>(BillingSubject.GetPlan, {}, caller);
    return plan.storageLimitBytes;
  }

  async usage(caller: CallerIdentity): Promise<StorageUsage> {
    const [{ stored }, limitBytes] = await Promise.all([this.repository.accountBytes(caller.accountId), this.storageLimit(caller)]);
    return { usedBytes: stored, limitBytes };
  }

  /** Hands out a presigned PUT for one file after checking the 50 MB limit and the plan's storage. */
  async createUpload(caller: CallerIdentity, input: { name: string; size: number; mimeType: string; folderId: string }): Promise<UploadSlot> {
    if (input.size > MAX_UPLOAD_BYTES) throw tooLarge();
    if (input.folderId !== ROOT_FOLDER) await this.activeFolder(caller, input.folderId);
    const limit = await this.storageLimit(caller);
    const ext = extname(input.name).slice(1).toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 10);
    // Never built from the file name: the user's id, a time and randomness (spec §7).
    const storagePath = `${caller.userId}/${Date.now()}-${randomBytes(8).toString('hex')}${ext ? `.${ext}` : ''}`;
    const expiresAt = new Date(Date.now() + this.config.UPLOAD_SLOT_SECONDS * 1000);
    const upload = await this.repository.transaction(async (tx) => {
      await this.repository.lockAccount(tx, caller.accountId);
      const { stored, reserved } = await this.repository.accountBytes(caller.accountId, tx);
      if (stored + reserved + input.size > limit) throw overQuota();
      return this.repository.insertUpload(tx, {
        userId: caller.userId,
        accountId: caller.accountId,
        name: input.name,
        mimeType: input.mimeType || 'application/octet-stream',
        folder: input.folderId,
        declaredSize: input.size,
        storagePath,
        expiresAt,
      });
    });
    const url = await this.storage.presignPut(storagePath, input.size, upload.mimeType, this.config.UPLOAD_SLOT_SECONDS);
    return { uploadId: upload.id, url, headers: { 'content-type': upload.mimeType }, expiresAt: expiresAt.toISOString() };
  }

  /** Records an uploaded file once its object's real size passes the same checks; otherwise the object is deleted. */
  async completeUpload(caller: CallerIdentity, uploadId: string): Promise<FileItem> {
    const limit = await this.storageLimit(caller);
    let refuse: Error | undefined;
    let key: string | undefined;
    const row = await this.repository.transaction(async (tx) => {
      await this.repository.lockAccount(tx, caller.accountId);
      const upload = await this.repository.takeUpload(tx, caller.userId, uploadId);
      if (!upload) throw notFound('Upload not found');
      key = upload.storagePath;
      const size = await this.storage.size(upload.storagePath);
      if (size === undefined) throw rpcError(ErrorCode.ValidationFailed, 400, 'The file did not arrive. Please upload it again.');
      if (upload.expiresAt.getTime() < Date.now()) refuse = rpcError(ErrorCode.ValidationFailed, 400, 'This upload took too long. Please upload the file again.');
      else if (size > MAX_UPLOAD_BYTES) refuse = tooLarge();
      else if ((await this.repository.accountBytes(caller.accountId, tx)).stored + size > limit) refuse = overQuota();
      if (refuse) return undefined;
      if (upload.folder !== ROOT_FOLDER) {
        // Inside the transaction: embedded PGlite has one connection, a query beside it would wait forever.
        const folder = await this.repository.find(caller.userId, upload.folder, tx);
        if (!folder || folder.deletedAt) upload.folder = ROOT_FOLDER;
      }
      const file = await this.repository.insertFile(tx, {
        userId: caller.userId,
        accountId: caller.accountId,
        name: upload.name,
        size,
        storagePath: upload.storagePath,
        mimeType: upload.mimeType,
        folder: upload.folder,
        lastAccessedAt: new Date(),
      });
      await this.event(tx, FilesEvent.FileUploaded, caller, file);
      return file;
    });
    if (!row) {
      await this.storage.remove([key!]);
      throw refuse!;
    }
    await this.bus.relay();
    return toFileItem(row);
  }

  async move(caller: CallerIdentity, fileId: string, folderId: string): Promise<FileItem> {
    const file = await this.repository.find(caller.userId, fileId);
    if (!file || file.deletedAt) throw notFound('File not found');
    if (file.mimeType === FOLDER_MIME_TYPE) throw rpcError(ErrorCode.ValidationFailed, 400, 'Folders cannot be moved');
    if (folderId !== ROOT_FOLDER) await this.activeFolder(caller, folderId);
    const row = await this.repository.transaction(async (tx) => {
      const moved = (await this.repository.update(tx, caller.userId, fileId, { folder: folderId }))!;
      await this.event(tx, FilesEvent.FileMoved, caller, moved);
      return moved;
    });
    await this.bus.relay();
    return toFileItem(row);
  }

  async trash(caller: CallerIdentity, id: string): Promise<FileItem> {
    const item = await this.repository.find(caller.userId, id);
    if (!item || item.deletedAt) throw notFound('File not found');
    if (item.mimeType === FOLDER_MIME_TYPE) {
      const counts = (await this.repository.countChildren([item.id])).get(item.id);
      if (counts && counts.files + counts.folders > 0) {
        throw rpcError(ErrorCode.Conflict, 409, 'Cannot delete folder with contents. Please empty the folder first.');
      }
    }
    const row = await this.repository.transaction(async (tx) => {
      const trashed = (await this.repository.update(tx, caller.userId, id, { deletedAt: new Date() }))!;
      await this.event(tx, FilesEvent.FileTrashed, caller, trashed);
      return trashed;
    });
    await this.bus.relay();
    return toFileItem(row);
  }

  /** Brings an item back from the trash; into the root if its folder is gone. */
  async restore(caller: CallerIdentity, id: string): Promise<FileItem> {
    const item = await this.repository.find(caller.userId, id);
    if (!item || !item.deletedAt) throw notFound('File not found in the trash');
    let folder = item.folder;
    if (folder !== ROOT_FOLDER) {
      const parent = await this.repository.find(caller.userId, folder);
      if (!parent || parent.deletedAt) folder = ROOT_FOLDER;
    }
    const row = await this.repository.transaction(async (tx) => {
      const restored = (await this.repository.update(tx, caller.userId, id, { deletedAt: null, folder }))!;
      await this.event(tx, FilesEvent.FileRestored, caller, restored);
      return restored;
    });
    await this.bus.relay();
    return toFileItem(row);
  }

  /** Deletes trashed items for good: rows, then their objects. */
  private async destroy(caller: { userId: string; accountId: string }, rows: FileRow[], tx: Database) {
    const removed = await this.repository.remove(tx, rows.map((r) => r.id));
    for (const row of removed) await this.event(tx, FilesEvent.FileDeleted, caller, row);
    return removed.map((r) => r.storagePath).filter((p): p is string => Boolean(p));
  }

  async deleteForever(caller: CallerIdentity, id: string): Promise<void> {
    const item = await this.repository.find(caller.userId, id);
    if (!item || !item.deletedAt) throw notFound('File not found in the trash');
    const keys = await this.repository.transaction((tx) => this.destroy(caller, [item], tx));
    await this.storage.remove(keys);
    await this.bus.relay();
  }

  async emptyTrash(caller: CallerIdentity): Promise<{ deleted: number }> {
    const trashed = await this.repository.listTrash(caller.userId);
    const keys = await this.repository.transaction((tx) => this.destroy(caller, trashed, tx));
    await this.storage.remove(keys);
    await this.bus.relay();
    return { deleted: trashed.length };
  }

  /** A file of the caller with stored content, not in the trash. */
  private async activeFile(caller: CallerIdentity, id: string): Promise<FileRow & { storagePath: string }> {
    const file = await this.repository.find(caller.userId, id);
    if (!file || file.deletedAt || !file.storagePath) throw notFound('File not found');
    return file as FileRow & { storagePath: string };
  }

  async file(caller: CallerIdentity, id: string): Promise<FileItem> {
    return toFileItem(await this.activeFile(caller, id));
  }

  async link(caller: CallerIdentity, id: string, disposition: 'inline' | 'attachment'): Promise<FileLink> {
    const file = await this.activeFile(caller, id);
    const url = await this.storage.presignGet(file.storagePath, file.name, disposition);
    await this.repository.touch(file.id);
    return { url, expiresAt: new Date(Date.now() + SIGNED_URL_SECONDS * 1000).toISOString() };
  }

  /**
   * Removes items trashed more than 30 days ago and abandoned upload slots,
   * rows and objects. Runs on one replica at a time; returns how many items went.
   */
  async purge(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - TRASH_RETENTION_DAYS * 86400_000);
    const result = await this.repository.exclusively('coffer-files-purge', async (tx) => {
      const { trashed, abandoned } = await this.repository.purgeable(tx, before);
      const keys: string[] = abandoned.map((u) => u.storagePath);
      for (const row of trashed) keys.push(...(await this.destroy({ userId: row.userId, accountId: row.accountId }, [row], tx)));
      return { keys, count: trashed.length };
    });
    if (!result) return 0;
    await this.storage.remove(result.keys);
    await this.bus.relay();
    return result.count;
  }
}
