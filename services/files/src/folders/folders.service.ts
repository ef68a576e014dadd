import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_FOLDER_NAMES,
  ErrorCode,
  folderExists,
  FilesEvent,
  ROOT_FOLDER,
  FOLDER_MIME_TYPE,
  LINKED_FOLDER_ITEMS,
  LIST_CHANGED,
  type LinkedFolder,
  type CallerIdentity,
  type EnsureFolderPathsReply,
  type FileItem,
  type FolderPath,
  type FilesSubject,
  type ListFoldersReply,
  type ReceivedPayload,
  type UserRegistered,
} from '@coffer/contracts';
import { EventBus, notFound, rpcError, UnitOfWork } from '@coffer/server-core';
import type { FileRow } from '../db/schema.js';
import { AccessService } from '../access/access.service.js';
import { FilesRepository, placedIn, spaceKey, spaceOf, type Space } from '../files/files.repository.js';
import { FilesService, toFileItem } from '../files/files.service.js';
import { StorageService } from '../storage/storage.service.js';

/** A folder path longer than this is cut (a folder never moves into itself, so a cycle cannot happen; this only bounds the walk). */
const MAX_DEPTH = 64;

/** Folders: every folder of the user, the path to one, creating one, and each new user's default four. */
@Injectable()
export class FoldersService {
  constructor(
    @Inject(FilesRepository) private readonly files: FilesRepository,
    @Inject(FilesService) private readonly items: FilesService,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
    @Inject(AccessService) private readonly access: AccessService,
    @Inject(StorageService) private readonly storage: StorageService,
  ) {}

  /**
   * The folders a picker offers (to upload or move into: the caller's own, and those of team folders they
   * may edit): matching a search, by name, each with its path; never a hidden remainder (`total` says how many).
   */
  async folders(caller: CallerIdentity, request: ReceivedPayload<typeof FilesSubject.ListFolders>): Promise<ListFoldersReply> {
    const { rows, total } = await this.files.searchFolders(await this.access.reach(caller, 'edit'), request);
    const paths = await this.files.pathsOf(
      caller.accountId,
      rows.map((r) => r.id),
    );
    return { items: rows.map((r) => ({ id: r.id, name: r.name, parentId: r.folder, path: paths.get(r.id) ?? r.name })), total };
  }

  /** A folder and the path to it; in a folder shared with the caller, the path starts at the shared folder, never above it. */
  async folderPath(caller: CallerIdentity, folderId: string): Promise<FolderPath> {
    caller = await this.access.actingFor(caller, folderId);
    const folder = await this.items.activeFolder(caller, folderId);
    const share = this.access.shareOf(caller);
    const [path, [item], level, sharerLimits] = await Promise.all([
      this.pathTo(folder, share?.folderId),
      this.items.withCounts([folder]),
      this.access.levelOf(caller, folder),
      // Uploads into a shared folder count against the sharer's account: the Upload dialog shows their plan's largest file.
      share?.level === 'edit' ? this.storage.limits(caller) : undefined,
    ]);
    // The caller can open the folder, so their level there is at least view.
    return {
      folder: item,
      path,
      level: level === 'none' ? 'view' : level,
      ...(share && { sharedLevel: share.level }),
      ...(sharerLimits && { sharerMaxFileBytes: sharerLimits.maxFileBytes }),
    };
  }

  /** The path from the root (or from `top`, a shared or linked folder, never above it) down to `folder`. */
  private async pathTo(folder: FileRow, top?: string): Promise<Array<{ id: string; name: string }>> {
    const path: Array<{ id: string; name: string }> = [];
    let current: FileRow | undefined = folder;
    for (let depth = 0; current && depth < MAX_DEPTH; depth++) {
      path.unshift({ id: current.id, name: current.name });
      if (current.id === top) break;
      current = current.folder === ROOT_FOLDER ? undefined : await this.files.findInAccount(folder.accountId, current.folder);
    }
    return path;
  }

  /**
   * A folder of a folder link (the link's, or `within` it), as its public page lists it: the path from the link's
   * folder, and its folders and files by name (folders first). Asked by sharing as the link's maker, once it decided the link.
   */
  async linkedFolder(owner: CallerIdentity, folderId: string, within = folderId, after?: string): Promise<LinkedFolder> {
    const folder = await this.access.linkedItem(owner, folderId, within, 'Folder not found');
    if (folder.mimeType !== FOLDER_MIME_TYPE) throw notFound('Folder not found');
    // The page after an item that has left this folder cannot be found: the visitor opens the folder again.
    if (after && (await this.files.findInAccount(owner.accountId, after))?.folder !== folder.id) throw rpcError(ErrorCode.Conflict, 409, LIST_CHANGED);
    const page = { limit: LINKED_FOLDER_ITEMS, after };
    const { rows, total, next } = folder.teamFolderId
      ? await this.files.listTeamFolder(folder.id, 'name-asc', page, await this.access.hiddenFromShares(owner, folder))
      : await this.files.listFolder(folder.userId!, folder.id, 'name-asc', page);
    return {
      path: await this.pathTo(folder, folderId),
      items: rows.map((r) => ({ id: r.id, name: r.name, size: r.size, mimeType: r.mimeType, isFolder: r.mimeType === FOLDER_MIME_TYPE })),
      total,
      next,
    };
  }

  /**
   * Where a file request of the caller's sends files: their My files, or a folder they may add to (Can edit,
   * decided by the access service as for their own uploads). Asked by sharing when a request is made.
   */
  async uploadFolder(caller: CallerIdentity, folderId: string): Promise<{ id: string; name: string }> {
    if (folderId === ROOT_FOLDER) return { id: ROOT_FOLDER, name: 'My files' };
    const folder = await this.items.activeFolder(caller, folderId, 'edit');
    return { id: folder.id, name: folder.name };
  }

  /** A new folder in the caller's My files, or in a folder of a team folder they may edit. */
  async create(caller: CallerIdentity, name: string, parentId: string): Promise<FileItem> {
    // In a folder shared Can edit with the caller: made in the sharer's account, added by the caller.
    caller = await this.access.actingFor(caller, parentId);
    const parent = parentId !== ROOT_FOLDER ? await this.items.activeFolder(caller, parentId, 'edit') : undefined;
    const space: Space = parent ? spaceOf(parent) : { userId: caller.userId };
    const row = await this.unit.run(async () => {
      await this.files.lockNames(spaceKey(space), parentId);
      const taken = await this.files.namesLike(space, parentId, name, 'folder');
      if (taken.some((n) => n.toLowerCase() === name.toLowerCase())) throw rpcError(ErrorCode.Conflict, 409, folderExists(name));
      const [folder] = await this.files.insertFolders([
        {
          ...placedIn(space),
          addedBy: caller.userId,
          accountId: caller.accountId,
          name,
          parentId,
        },
      ]);
      await this.items.announce(FilesEvent.FolderCreated, caller, folder);
      return folder;
    });
    return toFileItem(row, { files: 0, folders: 0 });
  }

  /**
   * Makes sure each path of folders exists under `parentId` (a folder upload recreating its tree): a name that a
   * folder there already has (any case) is that folder, reused if the caller may add to it; any other is made.
   * Asking twice changes nothing the second time. Answers the last folder of each path.
   */
  async ensurePaths(caller: CallerIdentity, parentId: string, paths: string[][]): Promise<EnsureFolderPathsReply> {
    caller = await this.access.actingFor(caller, parentId);
    const parent = parentId !== ROOT_FOLDER ? await this.items.activeFolder(caller, parentId, 'edit') : undefined;
    const space: Space = parent ? spaceOf(parent) : { userId: caller.userId };
    return this.unit.run(async () => {
      /** The folders found or made so far, by parent and name (any case). */
      const known = new Map<string, string>();
      const folderIds: string[] = [];
      for (const path of paths) {
        let at = parentId;
        for (const name of path) {
          const key = `${at}/${name.toLowerCase()}`;
          let id = known.get(key);
          if (!id) {
            await this.files.lockNames(spaceKey(space), at);
            const existing = await this.files.folderNamed(space, at, name);
            // A folder that is there already is added to only by someone who may (a restricted folder decides for itself).
            if (existing) id = (await this.items.activeFolder(caller, existing.id, 'edit')).id;
            else {
              const [folder] = await this.files.insertFolders([
                { ...placedIn(space), addedBy: caller.userId, accountId: caller.accountId, name, parentId: at },
              ]);
              await this.items.announce(FilesEvent.FolderCreated, caller, folder);
              id = folder.id;
            }
            known.set(key, id);
          }
          at = id;
        }
        folderIds.push(at);
      }
      return { folderIds };
    });
  }

  /**
   * A new user's root gets Documents, Images, Projects and Invoices. Their
   * creation times are a millisecond apart so that "newest first" lists them
   * in that order.
   */
  async createDefaults(user: UserRegistered): Promise<void> {
    const now = Date.now();
    await this.files.insertFolders(
      DEFAULT_FOLDER_NAMES.map((name, i) => ({
        userId: user.userId,
        addedBy: user.userId,
        accountId: user.accountId,
        name,
        parentId: ROOT_FOLDER,
        createdAt: new Date(now - i),
      })),
    );
  }
}
