import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCode,
  FilesEvent,
  NOT_IN_TEAM_FOLDER,
  OK,
  PLAN_REFUSALS,
  ROLE_REFUSALS,
  ROOT_FOLDER,
  roleMay,
  TEAM_FOLDER_NOT_EMPTY,
  teamFolderExists,
  type AccessEntry,
  type AccessLevel,
  type CallerIdentity,
  type FolderAccess,
  type ListTeamFoldersReply,
  type OkReply,
  type SetFolderAccessInput,
  type TeamFolder,
  type WhoHasAccess,
} from '@coffer/contracts';
import { forbidden, rpcError, UnitOfWork } from '@coffer/server-core';
import { AccessRepository } from '../access/access.repository.js';
import { AccessService, allows, highest, type Level } from '../access/access.service.js';
import type { FileRow } from '../db/schema.js';
import { FilesRepository, TEAM_FOLDER_NAMES } from '../files/files.repository.js';
import { FilesService } from '../files/files.service.js';
import { ObjectStorage } from '../storage/object-storage.js';
import { TrashService } from '../trash/trash.service.js';

const invalid = (message: string) => rpcError(ErrorCode.ValidationFailed, 400, message);

/**
 * Team folders (PRODUCT-DECISIONS.md "Team folders"): the account's shared trees, created and deleted by
 * its owners and admins (and deleted by whoever can manage one; renaming one is FilesService.rename, the
 * one rename of every item), and the access lists of team folders and restricted folders inside them.
 */
@Injectable()
export class TeamFoldersService {
  constructor(
    @Inject(FilesRepository) private readonly files: FilesRepository,
    @Inject(AccessRepository) private readonly lists: AccessRepository,
    @Inject(AccessService) private readonly access: AccessService,
    @Inject(FilesService) private readonly items: FilesService,
    @Inject(TrashService) private readonly trash: TrashService,
    @Inject(ObjectStorage) private readonly objects: ObjectStorage,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
  ) {}

  /** The account's team folders the caller can open, by name, each with the caller's level there. */
  async list(caller: CallerIdentity): Promise<ListTeamFoldersReply> {
    const rows = await this.files.teamFolders(caller.accountId);
    const levels = await this.access.levelsIn(caller, rows);
    const open = rows.filter((r) => levels.get(r.id) !== 'none');
    const items = await this.items.withCounts(open);
    return {
      items: items.map((item) => ({ ...item, level: levels.get(item.id) as Exclude<Level, 'none'> })),
      canCreate: roleMay(caller.role, 'manageTeamFolders'),
    };
  }

  async create(caller: CallerIdentity, name: string): Promise<TeamFolder> {
    if (!roleMay(caller.role, 'manageTeamFolders')) throw forbidden(ROLE_REFUSALS.manageTeamFolders);
    const id = randomUUID();
    const row = await this.unit.run(async () => {
      await this.files.lockNames(caller.accountId, TEAM_FOLDER_NAMES);
      if (await this.files.teamFolderNamed(caller.accountId, name)) throw rpcError(ErrorCode.Conflict, 409, teamFolderExists(name));
      const [folder] = await this.files.insertFolders([
        { id, userId: null, teamFolderId: id, addedBy: caller.userId, accountId: caller.accountId, name, parentId: ROOT_FOLDER },
      ]);
      await this.items.announce(FilesEvent.FolderCreated, caller, folder);
      return folder;
    });
    return { ...(await this.items.withCounts([row]))[0], level: 'manage' };
  }

  /**
   * Deletes an empty team folder (what is in its trash goes with it, bytes included), and the access lists
   * of its tree. One with contents is refused: they are the business's files.
   */
  async remove(caller: CallerIdentity, id: string): Promise<OkReply> {
    const folder = await this.teamFolder(caller, id);
    const keys = await this.unit.run(async () => {
      const tree = await this.files.teamFolderTree(folder.id);
      if (tree.some((r) => r.id !== folder.id && !r.deletedAt)) throw rpcError(ErrorCode.Conflict, 409, TEAM_FOLDER_NOT_EMPTY);
      await this.lists.removeLists(tree.map((r) => r.id));
      return this.trash.destroy(caller, tree);
    });
    await this.objects.remove(keys);
    return OK;
  }

  /** A folder's access list (the caller can manage it): its own, or the one it inherits. */
  async accessOf(caller: CallerIdentity, folderId: string): Promise<FolderAccess> {
    const folder = await this.inTeamFolder(caller, folderId);
    return this.describe(caller, folder);
  }

  /**
   * Sets a folder's access list (the caller can manage it; the plan must have hasPermissions). On a folder
   * inside a team folder, `own` makes it a restricted folder, or (false) lets it inherit again.
   */
  async setAccess(caller: CallerIdentity, folderId: string, input: SetFolderAccessInput): Promise<FolderAccess> {
    const folder = await this.inTeamFolder(caller, folderId);
    if (!(await this.access.permissionsAvailable(caller))) throw forbidden(PLAN_REFUSALS.hasPermissions);
    const isTeamFolder = folder.id === folder.teamFolderId;
    const own = input.own ?? true;
    if (isTeamFolder && !own) throw invalid('A team folder always has its own access list.');
    const entries = uniqueEntries(own ? input.entries : []);
    const changed = await this.unit.run(async () => {
      await this.lists.replace(caller.accountId, folder.id, entries);
      return isTeamFolder ? folder : (await this.files.update(folder.id, { restricted: own }))!;
    });
    return this.describe(caller, changed);
  }

  /** Everyone who can open an item, and why. */
  async whoHasAccess(caller: CallerIdentity, itemId: string): Promise<WhoHasAccess> {
    const item = await this.access.item(caller, itemId, 'view');
    const [grants, level] = await Promise.all([this.access.grants(caller, item), this.access.levelOf(caller, item)]);
    return { itemId: item.id, grants, canManage: !!item.teamFolderId && allows(level, 'manage') };
  }

  private async describe(caller: CallerIdentity, folder: FileRow): Promise<FolderAccess> {
    const [source, permissionsAvailable] = await Promise.all([this.access.sourceOf(folder), this.access.permissionsAvailable(caller)]);
    return {
      folderId: folder.id,
      from: { id: source!.id, name: source!.name },
      own: source!.id === folder.id,
      entries: source!.entries.map((e) => ({ grantee: e.grantee, level: e.level }) as AccessEntry),
      permissionsAvailable,
    };
  }

  /** A team folder the caller can manage. */
  private async teamFolder(caller: CallerIdentity, id: string): Promise<FileRow> {
    const folder = await this.access.item(caller, id, 'manage', 'Folder not found');
    if (folder.teamFolderId !== folder.id || folder.deletedAt) throw rpcError(ErrorCode.NotFound, 404, 'Folder not found');
    return folder;
  }

  /** A team folder, or a folder inside one, that the caller can manage. */
  private async inTeamFolder(caller: CallerIdentity, id: string): Promise<FileRow> {
    const folder = await this.items.activeFolder(caller, id, 'view');
    if (!folder.teamFolderId) throw invalid(NOT_IN_TEAM_FOLDER);
    if (!allows(await this.access.levelOf(caller, folder), 'manage')) await this.access.item(caller, id, 'manage', 'Folder not found');
    return folder;
  }
}

/** One entry per grantee: the highest level given wins. */
function uniqueEntries(entries: AccessEntry[]): AccessEntry[] {
  const best = new Map<string, Level>();
  for (const e of entries) best.set(e.grantee, highest([best.get(e.grantee) ?? 'none', e.level]));
  return [...best].map(([grantee, level]) => ({ grantee, level: level as AccessLevel }));
}
