import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCode,
  fileExists,
  FilesEvent,
  FilesSubject,
  FOLDER_INTO_ITSELF,
  RESTRICTED_FOLDER_STAYS,
  TEAM_FOLDER_STAYS,
  teamFolderExists,
  FOLDER_MIME_TYPE,
  folderExists,
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
import { FilesRepository, placedIn, spaceKey, spaceOf, TEAM_FOLDER_NAMES, type FilesPage } from './files.repository.js';

/** Whose an item is: the events and the quota are per user and per account. */
export type Owner = Pick<CallerIdentity, 'userId' | 'accountId'>;

/** The files events whose payload is the item as it is now and whose it is (a move also says where from, a rename the name before). */
type ItemEvent = Exclude<(typeof FilesEvent)[keyof typeof FilesEvent], typeof FilesEvent.FileMoved | typeof FilesEvent.FileRenamed>;

/** A thumbnail's version as lists give it (none in the trash): it changes with the stored object, so browsers may keep one for long. */
const thumbnailVersion = (row: FileRow) =>
  row.thumbnailPath && row.thumbnailOf === row.storagePath && !row.deletedAt
    ? createHash('sha256').update(row.thumbnailPath).digest('base64url').slice(0, 16)
    : undefined;

export function toFileItem(row: FileRow, counts?: { files: number; folders: number }): FileItem {
  const isFolder = row.mimeType === FOLDER_MIME_TYPE;
  const thumbnail = thumbnailVersion(row);
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
    ...(thumbnail && { thumbnail }),
  };
}

/**
 * The file browser's lists, one file, moving and renaming files and folders, and what the folders,
 * uploads, trash and links rules share. Every item is had through the access decision (AccessService):
 * another account's item, or another person's My files, is "not found".
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

  /** Search results say where each item is: its folder's path ("Projects / 2026"), or "My files" / "Team folders" at the root. */
  private async withFolderPaths(accountId: string, items: FileItem[]): Promise<FileItem[]> {
    const paths = await this.files.pathsOf(accountId, [...new Set(items.map((i) => i.folderId).filter((id) => id !== ROOT_FOLDER))]);
    return items.map((item) => ({
      ...item,
      folderPath: item.folderId === ROOT_FOLDER ? (item.teamFolderId ? 'Team folders' : 'My files') : (paths.get(item.folderId) ?? ''),
    }));
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

  /** Records, in the open unit of work, that a file's thumbnail was made: its cards show it (the uploader's change, as heard by all who see the file). */
  async announceThumbnail(row: FileRow) {
    const owner: CallerIdentity = { userId: row.addedBy, accountId: row.accountId, role: 'member' };
    await this.bus.record(FilesEvent.ThumbnailMade, { accountId: row.accountId, actorId: row.addedBy, payload: await this.changeOf(owner, row) });
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
    const opened = req.view === 'folder' && req.folder !== ROOT_FOLDER ? await this.access.folderToList(caller, req.folder) : undefined;
    // A folder shared with the caller by another account is listed as its sharer's (access decided it, asking sharing).
    if (opened) caller = opened.caller;
    if (opened && (opened.folder.mimeType !== FOLDER_MIME_TYPE || opened.folder.deletedAt)) throw notFound('Folder not found');
    const folder = opened?.folder;
    if (req.after && !(await this.files.findInAccount(caller.accountId, req.after))) throw rpcError(ErrorCode.Conflict, 409, LIST_CHANGED);
    const page = { limit: req.limit, after: req.after };
    let result: FilesPage;
    if (req.view === 'trash') result = await this.files.listTrash(await this.access.reach(caller, 'edit'), page);
    else if (req.view === 'search')
      result = req.q ? await this.files.search(await this.access.reach(caller, 'view'), req.q, req.sort, page) : { rows: [], next: null, total: 0 };
    else if (folder?.teamFolderId) result = await this.files.listTeamFolder(folder.id, req.sort, page, opened!.hidden);
    else result = await this.files.listFolder(folder?.userId ?? caller.userId, req.folder, req.sort, page);
    const items = await this.withCounts(result.rows);
    return { items: req.view === 'search' ? await this.withFolderPaths(caller.accountId, items) : items, next: result.next, total: result.total };
  }

  /** A file or folder the caller may share (Can edit where it is), out of the trash. */
  async shareable(caller: CallerIdentity, id: string): Promise<FileItem> {
    const item = await this.access.item(caller, id, 'edit');
    if (item.deletedAt || (item.mimeType !== FOLDER_MIME_TYPE && !item.storagePath)) throw notFound('File not found');
    const [shown] = await this.withCounts([item]);
    return shown;
  }

  /** A file the caller may share: theirs in My files, or one where they can edit (PRODUCT-DECISIONS "Team folders"). */
  async file(caller: CallerIdentity, id: string): Promise<FileItem> {
    return toFileItem(await this.activeFile(caller, id, 'edit'));
  }

  /**
   * The file a share or link of the account opens: the sharing service decided the share (its restrictions, its
   * revocation); a share is the account's, so it opens the file while it is in the account and out of the trash,
   * wherever it has moved since. (Owners, admins and moderators revoke any share; "Who has access" lists them.)
   */
  async sharedFile(account: CallerIdentity, id: string, within?: string): Promise<FileRow & { storagePath: string }> {
    // A file of a folder link: inside the link's folder now.
    const file = within ? await this.access.linkedItem(account, within, id) : await this.files.findInAccount(account.accountId, id);
    if (!file || file.deletedAt || !file.storagePath) throw notFound('File not found');
    return file as FileRow & { storagePath: string };
  }

  /**
   * Moves a file, or a folder with everything in it, that the caller may edit into a folder they may add to: in
   * their My files, or a team folder's tree. Inside one space only the item's row changes (what a folder holds goes
   * with it); into another space its whole tree follows in one statement.
   */
  async move(caller: CallerIdentity, fileId: string, folderId: string): Promise<FileItem> {
    return this.unit.run(async () => {
      const file = await this.heldItem(caller, fileId, 'edit');
      const kind = file.mimeType === FOLDER_MIME_TYPE ? 'folder' : 'file';
      if (file.teamFolderId === file.id) throw rpcError(ErrorCode.ValidationFailed, 400, TEAM_FOLDER_STAYS);
      const target = folderId !== ROOT_FOLDER ? await this.activeFolder(caller, folderId, 'edit') : undefined;
      // Into a team folder's tree, or into the caller's own My files.
      const space = target ? spaceOf(target) : { userId: caller.userId };
      const otherSpace = spaceKey(space) !== spaceKey(spaceOf(file));
      if (folderId === file.folder && !otherSpace) return (await this.withCounts([file]))[0];
      if (kind === 'folder') await this.refuseMoveInside(caller, file.id, folderId);
      // A restricted folder's list guards what is in it: it never leaves its team folder (nor goes out inside another folder).
      if (kind === 'folder' && otherSpace && (await this.files.holdsRestricted(caller.accountId, file.id)))
        throw rpcError(ErrorCode.ValidationFailed, 400, RESTRICTED_FOLDER_STAYS);
      // Moved next to an item of the same name, it becomes "Name (1).ext".
      await this.files.lockNames(spaceKey(space), folderId);
      const name = freeName(file.name, await this.files.namesLike(space, folderId, file.name, kind));
      if (kind === 'folder' && otherSpace) await this.files.moveTreeTo(caller.accountId, file.id, placedIn(space));
      const row = (await this.files.update(fileId, { folder: folderId, name, ...placedIn(space) }))!;
      const [moved] = await this.withCounts([row]);
      await this.bus.record(FilesEvent.FileMoved, {
        accountId: caller.accountId,
        actorId: caller.userId,
        payload: { ...(await this.changeOf(caller, row)), item: moved, fromFolderId: file.folder },
      });
      if (name !== file.name) await this.announceRenamed(caller, row, moved, file.name);
      return moved;
    });
  }

  /**
   * An item out of the trash the caller may do `action` to, as it is now, held until the transaction ends: a rename
   * or move of it at once waits.
   */
  private async heldItem(caller: CallerIdentity, id: string, action: ItemAction): Promise<FileRow> {
    await this.access.item(caller, id, action);
    const item = await this.files.findForUpdate(caller.accountId, id);
    if (!item || item.deletedAt) throw notFound('File not found');
    return item;
  }

  /** Refuses to move a folder into itself or into a folder inside it (the tree stays locked until the move commits). */
  private async refuseMoveInside(caller: CallerIdentity, folderId: string, destinationId: string): Promise<void> {
    await this.files.lockTree(caller.accountId);
    if (destinationId !== ROOT_FOLDER && (await this.files.isWithin(caller.accountId, destinationId, folderId)))
      throw rpcError(ErrorCode.ValidationFailed, 400, FOLDER_INTO_ITSELF);
  }

  /** Renames a file or a folder where it is; a name another item of its kind there has (any case) is refused. */
  async rename(caller: CallerIdentity, id: string, name: string): Promise<FileItem> {
    return this.unit.run(async () => {
      // A team folder itself is renamed by those who manage it; anything else by those who may edit where it is.
      const item = await this.heldItem(caller, id, (await this.files.findInAccount(caller.accountId, id))?.teamFolderId === id ? 'manage' : 'edit');
      if (item.name === name) return (await this.withCounts([item]))[0];
      const kind = item.mimeType === FOLDER_MIME_TYPE ? 'folder' : 'file';
      const same = (n: string) => n.toLowerCase() === name.toLowerCase();
      if (item.teamFolderId === item.id) {
        // A team folder's name is one of the account's team folders' names.
        await this.files.lockNames(caller.accountId, TEAM_FOLDER_NAMES);
        if (!same(item.name) && (await this.files.teamFolderNamed(caller.accountId, name))) throw rpcError(ErrorCode.Conflict, 409, teamFolderExists(name));
      } else {
        const space = spaceOf(item);
        await this.files.lockNames(spaceKey(space), item.folder);
        // The item's own name is among them when only its case changes.
        const clashes = (await this.files.namesLike(space, item.folder, name, kind)).filter(same).length - (same(item.name) ? 1 : 0);
        if (clashes > 0) throw rpcError(ErrorCode.Conflict, 409, kind === 'folder' ? folderExists(name) : fileExists(name));
      }
      const row = (await this.files.update(id, { name }))!;
      const [renamed] = await this.withCounts([row]);
      await this.announceRenamed(caller, row, renamed, item.name);
      return renamed;
    });
  }

  /** Records, in the change's transaction, that an item's name changed: every copy of it (shares) follows. */
  private async announceRenamed(caller: CallerIdentity, row: FileRow, item: FileItem, previousName: string) {
    await this.bus.record(FilesEvent.FileRenamed, {
      accountId: caller.accountId,
      actorId: caller.userId,
      payload: { ...(await this.changeOf(caller, row)), item, previousName },
    });
  }
}
