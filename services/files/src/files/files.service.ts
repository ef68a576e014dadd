import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCode,
  FilesEvent,
  FilesSubject,
  FOLDER_MIME_TYPE,
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

/** The files events whose payload is the item as it is now and whose it is (a move also says where from). */
type ItemEvent = Exclude<(typeof FilesEvent)[keyof typeof FilesEvent], typeof FilesEvent.FileMoved>;

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
 * The file browser's lists, one file, moving a file, and what the folders,
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

  async move(caller: CallerIdentity, fileId: string, folderId: string): Promise<FileItem> {
    const file = await this.files.find(caller.userId, fileId);
    if (!file || file.deletedAt) throw notFound('File not found');
    if (file.mimeType === FOLDER_MIME_TYPE) throw rpcError(ErrorCode.ValidationFailed, 400, 'Folders cannot be moved');
    if (folderId !== ROOT_FOLDER) await this.activeFolder(caller, folderId);
    if (folderId === file.folder) return toFileItem(file);
    const row = await this.unit.run(async () => {
      // Moved next to a file of the same name, it becomes "Name (1).ext".
      await this.files.lockNames(caller.userId, folderId);
      const name = freeName(file.name, await this.files.namesLike(caller.userId, folderId, file.name, 'file'));
      const moved = (await this.files.update(caller.userId, fileId, { folder: folderId, name }))!;
      await this.bus.record(FilesEvent.FileMoved, {
        accountId: caller.accountId,
        actorId: caller.userId,
        payload: { item: toFileItem(moved), userId: caller.userId, fromFolderId: file.folder },
      });
      return moved;
    });
    return toFileItem(row);
  }
}
