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
  type ItemAction,
  type ListFilesReply,
  type ReceivedPayload,
} from '@coffer/contracts';
import { EventBus, notFound, rpcError, UnitOfWork } from '@coffer/server-core';
import type { FileRow } from '../db/schema.js';
import { freeName } from './free-name.js';
import { AccessService } from '../access/access.service.js';
import { FilesRepository, placedIn, spaceKey, spaceOf, type FilesPage } from './files.repository.js';

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
    teamFolderId: row.teamFolderId,
    addedBy: row.addedBy,
    ...(row.restricted && { restricted: true }),
  };
}

/**
 * The file browser's lists, one file, moving a file, and what the folders,
 * uploads, trash and links rules share. Every item is had through the access
 * decision (AccessService): another account's item, or another person's My
 * files, is "not found".
 */
@Injectable()
export class FilesService {
  constructor(
    @Inject(FilesRepository) private readonly files: FilesRepository,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
    @Inject(AccessService) private readonly access: AccessService,
  ) {}

  /** The items as the browser shows them, folders with how much they hold. */
  async withCounts(rows: FileRow[]): Promise<FileItem[]> {
    const counts = await this.files.countChildren(rows.filter((r) => r.mimeType === FOLDER_MIME_TYPE).map((r) => r.id));
    return rows.map((r) => toFileItem(r, counts.get(r.id)));
  }

  /** A folder, not in the trash, the caller may do `action` to (open it, or add to it). */
  async activeFolder(caller: CallerIdentity, folderId: string, action: ItemAction = 'view'): Promise<FileRow> {
    const folder = await this.access.item(caller, folderId, action, 'Folder not found');
    if (folder.mimeType !== FOLDER_MIME_TYPE || folder.deletedAt) throw notFound('Folder not found');
    return folder;
  }

  /** A file with stored content, not in the trash, the caller may do `action` to. */
  async activeFile(caller: CallerIdentity, id: string, action: ItemAction = 'view'): Promise<FileRow & { storagePath: string }> {
    const file = await this.access.item(caller, id, action);
    if (file.deletedAt || !file.storagePath) throw notFound('File not found');
    return file as FileRow & { storagePath: string };
  }

  /**
   * Records, in the change's transaction, the event that announces it: to its person (My files), or to
   * everyone who can open it (a team folder's item).
   */
  async announce(type: ItemEvent, owner: Owner | CallerIdentity, row: FileRow) {
    await this.bus.record(type, { accountId: owner.accountId, actorId: owner.userId, payload: await this.changeOf(owner, row) });
  }

  /**
   * What an event about an item says: the item, and who hears it. A change nobody asked for (the purge)
   * inside a team folder is heard by the account's owners and admins only.
   */
  async changeOf(owner: Owner | CallerIdentity, row: FileRow) {
    const item = toFileItem(row);
    if (!row.teamFolderId) return { item, userId: row.userId ?? owner.userId };
    const audience = 'role' in owner ? await this.access.audience(owner, row) : { everyone: false, userIds: [] };
    return { item, userId: owner.userId, audience };
  }

  /** Changes one item (the caller may: the decision was made) and announces it, in one transaction; returns it as it is now. */
  async change(
    caller: CallerIdentity,
    id: string,
    set: Partial<Pick<FileRow, 'folder' | 'deletedAt' | 'userId' | 'teamFolderId'>>,
    type: ItemEvent,
  ): Promise<FileItem> {
    const row = await this.unit.run(async () => {
      const changed = (await this.files.update(id, set))!;
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
      const rows = await this.files.listRecent(await this.access.reach(caller, 'view'));
      return { items: await this.withCounts(rows), next: null, total: rows.length };
    }
    const folder = req.view === 'folder' && req.folder !== ROOT_FOLDER ? await this.activeFolder(caller, req.folder) : undefined;
    if (req.after && !(await this.files.findInAccount(caller.accountId, req.after))) throw rpcError(ErrorCode.Conflict, 409, LIST_CHANGED);
    const page = { limit: req.limit, after: req.after };
    let result: FilesPage;
    if (req.view === 'trash') result = await this.files.listTrash(await this.access.reach(caller, 'edit'), page);
    else if (req.view === 'search')
      result = req.q ? await this.files.search(await this.access.reach(caller, 'view'), req.q, req.sort, page) : { rows: [], next: null, total: 0 };
    else if (folder?.teamFolderId) result = await this.files.listTeamFolder(folder.id, req.sort, page, await this.access.hiddenIn(caller, folder.id));
    else result = await this.files.listFolder(caller.userId, req.folder, req.sort, page);
    return { items: await this.withCounts(result.rows), next: result.next, total: result.total };
  }

  async file(caller: CallerIdentity, id: string): Promise<FileItem> {
    return toFileItem(await this.activeFile(caller, id));
  }

  /** Moves a file the caller may edit into a folder they may add to: in their My files, or a team folder's tree. */
  async move(caller: CallerIdentity, fileId: string, folderId: string): Promise<FileItem> {
    const file = await this.access.item(caller, fileId, 'edit');
    if (file.deletedAt) throw notFound('File not found');
    if (file.mimeType === FOLDER_MIME_TYPE) throw rpcError(ErrorCode.ValidationFailed, 400, 'Folders cannot be moved');
    const target = folderId !== ROOT_FOLDER ? await this.activeFolder(caller, folderId, 'edit') : undefined;
    if (folderId === file.folder && (target || !file.teamFolderId)) return toFileItem(file);
    // Into a team folder's tree, or into the caller's own My files.
    const space = target ? spaceOf(target) : { userId: caller.userId };
    const row = await this.unit.run(async () => {
      // Moved next to a file of the same name, it becomes "Name (1).ext".
      await this.files.lockNames(spaceKey(space), folderId);
      const name = freeName(file.name, await this.files.namesLike(space, folderId, file.name, 'file'));
      const moved = (await this.files.update(fileId, {
        folder: folderId,
        name,
        ...placedIn(space),
      }))!;
      await this.bus.record(FilesEvent.FileMoved, {
        accountId: caller.accountId,
        actorId: caller.userId,
        payload: { ...(await this.changeOf(caller, moved)), fromFolderId: file.folder },
      });
      return moved;
    });
    return toFileItem(row);
  }
}
