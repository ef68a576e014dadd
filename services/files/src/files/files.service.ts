import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCode,
  fileExists,
  FilesEvent,
  FilesSubject,
  FOLDER_INTO_ITSELF,
  FOLDER_MIME_TYPE,
  folderExists,
  LIST_CHANGED,
  ROOT_FOLDER,
  type CallerIdentity,
  type FileItem,
  type ListFilesReply,
  type ReceivedPayload,
} from '@coffer/contracts';
import { EventBus, notFound, rpcError, UnitOfWork } from '@coffer/server-core';
import type { FileRow } from '../db/schema.js';
import { freeName } from './free-name.js';
import { FilesRepository, type FilesPage } from './files.repository.js';

/** Whose an item is: the events and the quota are per user and per account. */
export type Owner = Pick<CallerIdentity, 'userId' | 'accountId'>;

/** The files events whose payload is the item as it is now and whose it is (a move also says where from, a rename the name before). */
type ItemEvent = Exclude<(typeof FilesEvent)[keyof typeof FilesEvent], typeof FilesEvent.FileMoved | typeof FilesEvent.FileRenamed>;

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

/**
 * The file browser's lists, one file, moving and renaming files and folders, and what the folders,
 * uploads, trash and links rules share. Every query is scoped to the caller:
 * another user's item is "not found".
 */
@Injectable()
export class FilesService {
  constructor(
    @Inject(FilesRepository) private readonly files: FilesRepository,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
  ) {}

  /** The items as the browser shows them, folders with how much they hold. */
  async withCounts(rows: FileRow[]): Promise<FileItem[]> {
    const counts = await this.files.countChildren(rows.filter((r) => r.mimeType === FOLDER_MIME_TYPE).map((r) => r.id));
    return rows.map((r) => toFileItem(r, counts.get(r.id)));
  }

  /** A folder of the caller that is not in the trash. */
  async activeFolder(caller: CallerIdentity, folderId: string): Promise<FileRow> {
    const folder = await this.files.find(caller.userId, folderId);
    if (!folder || folder.mimeType !== FOLDER_MIME_TYPE || folder.deletedAt) throw notFound('Folder not found');
    return folder;
  }

  /** A file of the caller with stored content, not in the trash. */
  async activeFile(caller: CallerIdentity, id: string): Promise<FileRow & { storagePath: string }> {
    const file = await this.files.find(caller.userId, id);
    if (!file || file.deletedAt || !file.storagePath) throw notFound('File not found');
    return file as FileRow & { storagePath: string };
  }

  /** Records, in the change's transaction, the event that announces it. */
  async announce(type: ItemEvent, owner: Owner, row: FileRow) {
    await this.bus.record(type, { accountId: owner.accountId, actorId: owner.userId, payload: { item: toFileItem(row), userId: owner.userId } });
  }

  /** Changes one of the caller's items and announces it, in one transaction; returns it as it is now. */
  async change(caller: CallerIdentity, id: string, set: Partial<Pick<FileRow, 'folder' | 'deletedAt'>>, type: ItemEvent): Promise<FileItem> {
    const row = await this.unit.run(async () => {
      const changed = (await this.files.update(caller.userId, id, set))!;
      await this.announce(type, caller, changed);
      return changed;
    });
    return toFileItem(row);
  }

  /**
   * One page of a list: a folder, the trash or a search, in pages of at most `limit` that reach every
   * item (`next` says where the next page starts, `total` how many there are); Recent is its latest 50.
   */
  async list(caller: CallerIdentity, req: ReceivedPayload<typeof FilesSubject.ListFiles>): Promise<ListFilesReply> {
    if (req.view === 'recent') {
      const rows = await this.files.listRecent(caller.userId);
      return { items: await this.withCounts(rows), next: null, total: rows.length };
    }
    if (req.after && !(await this.files.exists(caller.userId, req.after))) throw rpcError(ErrorCode.Conflict, 409, LIST_CHANGED);
    const page = { limit: req.limit, after: req.after };
    let result: FilesPage;
    if (req.view === 'trash') result = await this.files.listTrash(caller.userId, page);
    else if (req.view === 'search') result = req.q ? await this.files.search(caller.userId, req.q, req.sort, page) : { rows: [], next: null, total: 0 };
    else {
      if (req.folder !== ROOT_FOLDER) await this.activeFolder(caller, req.folder);
      result = await this.files.listFolder(caller.userId, req.folder, req.sort, page);
    }
    return { items: await this.withCounts(result.rows), next: result.next, total: result.total };
  }

  async file(caller: CallerIdentity, id: string): Promise<FileItem> {
    return toFileItem(await this.activeFile(caller, id));
  }

  /** Moves a file, or a folder with everything in it (one row changes: what it holds goes with it), to another folder. */
  async move(caller: CallerIdentity, fileId: string, folderId: string): Promise<FileItem> {
    return this.unit.run(async () => {
      const file = await this.heldItem(caller, fileId);
      const kind = file.mimeType === FOLDER_MIME_TYPE ? 'folder' : 'file';
      if (folderId !== ROOT_FOLDER) await this.activeFolder(caller, folderId);
      if (folderId === file.folder) return (await this.withCounts([file]))[0];
      if (kind === 'folder') await this.refuseMoveInside(caller, file.id, folderId);
      // Moved next to an item of the same name, it becomes "Name (1).ext".
      await this.files.lockNames(caller.userId, folderId);
      const name = freeName(file.name, await this.files.namesLike(caller.userId, folderId, file.name, kind));
      const [moved] = await this.withCounts([(await this.files.update(caller.userId, fileId, { folder: folderId, name }))!]);
      await this.bus.record(FilesEvent.FileMoved, {
        accountId: caller.accountId,
        actorId: caller.userId,
        payload: { item: moved, userId: caller.userId, fromFolderId: file.folder },
      });
      if (name !== file.name) await this.announceRenamed(caller, moved, file.name);
      return moved;
    });
  }

  /** One of the caller's items out of the trash, as it is now, held until the transaction ends: a rename or move of it at once waits. */
  private async heldItem(caller: CallerIdentity, id: string): Promise<FileRow> {
    const item = await this.files.findForUpdate(caller.userId, id);
    if (!item || item.deletedAt) throw notFound('File not found');
    return item;
  }

  /** Refuses to move a folder into itself or into a folder inside it (the tree stays locked until the move commits). */
  private async refuseMoveInside(caller: CallerIdentity, folderId: string, destinationId: string): Promise<void> {
    await this.files.lockTree(caller.userId);
    if (destinationId !== ROOT_FOLDER && (await this.files.isWithin(caller.userId, destinationId, folderId)))
      throw rpcError(ErrorCode.ValidationFailed, 400, FOLDER_INTO_ITSELF);
  }

  /** Renames a file or a folder where it is; a name another item of its kind there has (any case) is refused. */
  async rename(caller: CallerIdentity, id: string, name: string): Promise<FileItem> {
    return this.unit.run(async () => {
      const item = await this.heldItem(caller, id);
      if (item.name === name) return (await this.withCounts([item]))[0];
      const kind = item.mimeType === FOLDER_MIME_TYPE ? 'folder' : 'file';
      await this.files.lockNames(caller.userId, item.folder);
      const same = (n: string) => n.toLowerCase() === name.toLowerCase();
      // The item's own name is among them when only its case changes.
      const clashes = (await this.files.namesLike(caller.userId, item.folder, name, kind)).filter(same).length - (same(item.name) ? 1 : 0);
      if (clashes > 0) throw rpcError(ErrorCode.Conflict, 409, kind === 'folder' ? folderExists(name) : fileExists(name));
      const [renamed] = await this.withCounts([(await this.files.update(caller.userId, id, { name }))!]);
      await this.announceRenamed(caller, renamed, item.name);
      return renamed;
    });
  }

  /** Records, in the change's transaction, that an item's name changed: every copy of it (shares) follows. */
  private async announceRenamed(owner: Owner, item: FileItem, previousName: string) {
    await this.bus.record(FilesEvent.FileRenamed, { accountId: owner.accountId, actorId: owner.userId, payload: { item, userId: owner.userId, previousName } });
  }
}
