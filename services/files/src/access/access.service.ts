import { Inject, Injectable } from '@nestjs/common';
import {
  ACCESS_LEVELS,
  EVERYONE,
  MANAGE_ONLY,
  NO_FOLDER_ACCESS,
  roleMay,
  VIEW_ONLY,
  SHARED_VIEW_ONLY,
  type AccessGrant,
  type AccessLevel,
  type FolderShareGrant,
  SharingSubject,
  type BulkRefusal,
  type CallerIdentity,
  type ItemAction,
  type TeamAudience,
} from '@coffer/contracts';
import { currentRequestContext, forbidden, notFound, ServiceRequester } from '@coffer/server-core';
import type { FileRow, FolderAccessRow } from '../db/schema.js';
import { FilesRepository, type Reach, type RestrictedChild } from '../files/files.repository.js';
import { AccessRepository } from './access.repository.js';
import { PlanFeatures } from './plan-features.js';
import { refusalOf } from '../bulk/refusals.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a person may do to an item: nothing, or one of the levels. */
export type Level = AccessLevel | 'none';
const rank = (level: Level) => (level === 'none' ? 0 : ACCESS_LEVELS.indexOf(level) + 1);
/** The highest of some levels (no deny rules: the highest any entry gives wins). */
export const highest = (levels: Level[]): Level => levels.reduce<Level>((best, l) => (rank(l) > rank(best) ? l : best), 'none');
/** Whether `level` allows `action`. */
export const allows = (level: Level, action: ItemAction) => rank(level) >= rank(action);

/** The level a list's entries give one user: theirs or everyone's, the highest. */
export const levelFromEntries = (entries: Pick<FolderAccessRow, 'grantee' | 'level'>[], userId: string): Level =>
  highest(entries.filter((e) => e.grantee === EVERYONE || e.grantee === userId).map((e) => e.level));

/**
 * The item, when `level` allows `action`. Refused: "not found" (`missing`) for another person's My files, 403 inside
 * a team folder of the account the caller cannot open or may only view.
 */
function decided(row: FileRow, level: Level, action: ItemAction, missing: string, viaShare: boolean): FileRow {
  if (level === 'none') {
    // Through a folder share, anything the share does not reach does not exist for the recipient.
    if (!row.teamFolderId || viaShare) throw notFound(missing);
    throw forbidden(NO_FOLDER_ACCESS);
  }
  if (!allows(level, action)) throw forbidden(viaShare ? SHARED_VIEW_ONLY : action === 'manage' ? MANAGE_ONLY : VIEW_ONLY);
  return row;
}

/** A team folder or a restricted folder decides for itself (its own list): no walk up to find its source. */
export const isOwnSource = (row: FileRow) => row.teamFolderId !== null && (row.restricted || row.id === row.teamFolderId);

/** The folder whose list decides for an item of a team folder, with its entries. */
interface AccessSource {
  id: string;
  name: string;
  kind: 'team-folder' | 'restricted-folder';
  entries: FolderAccessRow[];
}

/** The access source of a folder and its list's entries. */
const sourceFrom = (folder: Pick<FileRow, 'id' | 'name' | 'teamFolderId'>, entries: FolderAccessRow[]): AccessSource => ({
  id: folder.id,
  name: folder.name,
  kind: folder.id === folder.teamFolderId ? 'team-folder' : 'restricted-folder',
  entries,
});

/**
 * The one decision of who may do what to a file or folder (PRODUCT-DECISIONS.md "Team folders"), used for
 * every read and write of the files service: My files are their person's alone; in a team folder the
 * account's owner and admins manage everything, and everyone else has the highest level an entry of the
 * nearest list gives them (the item's restricted folder, or else its team folder). Without hasPermissions
 * (trial, starter, no plan) every team folder is open to everyone in the account at Can edit.
 */
@Injectable()
export class AccessService {
  constructor(
    @Inject(FilesRepository) private readonly files: FilesRepository,
    @Inject(AccessRepository) private readonly lists: AccessRepository,
    @Inject(PlanFeatures) private readonly plans: PlanFeatures,
    @Inject(ServiceRequester) private readonly services: ServiceRequester,
  ) {}

  /** The folder share a person acts through in another account, by the identity `actingFor` made for their request. */
  private readonly viaShare = new WeakMap<CallerIdentity, FolderShareGrant>();

  /**
   * Who the caller acts as for a request about item `id`: themselves, unless the item is in another account
   * and a folder shared with them holds it (PRODUCT-DECISIONS "Sharing outside the company"). Then they act
   * in the sharer's account (what they add counts against its storage and plan, added by them), at the
   * share's level over that folder's tree and nothing else (`levelOf`). Sharing is asked once, and checks the
   * share's restrictions; `disposition` (a View or Download) counts one access of it.
   */
  async actingFor(caller: CallerIdentity, id: string, disposition: 'inline' | 'attachment' | null = null): Promise<CallerIdentity> {
    if (!UUID.test(id) || (await this.files.findInAccount(caller.accountId, id))) return caller;
    const lineage = await this.files.lineage(id);
    if (!lineage) return caller;
    const { grant } = await this.services.request(
      SharingSubject.FolderShareGrant,
      { accountId: lineage.accountId, folderIds: lineage.ids, clientIp: currentRequestContext()?.clientIp ?? null, disposition },
      { caller },
    );
    if (!grant) return caller;
    const acting: CallerIdentity = { userId: caller.userId, accountId: grant.accountId, role: 'member' };
    this.viaShare.set(acting, grant);
    return acting;
  }

  /**
   * An item of a folder link (sharing decided the link: its token, password and restrictions): in the link's account,
   * out of the trash, and the link's folder or inside it now. Anything else is "not found" (`missing`).
   */
  async linkedItem(maker: CallerIdentity, folderId: string, id: string, missing = 'File not found'): Promise<FileRow> {
    const row = await this.files.findInAccount(maker.accountId, id);
    if (!row || row.deletedAt || !(await this.reachesFrom(maker, row, folderId))) throw notFound(missing);
    return row;
  }

  /**
   * Whether a folder share or a folder link of folder `top` reaches `row`: it is `top` or inside it now, and, in a team
   * folder whose plan keeps access lists, no restricted folder stands between them. A share or link opens what its
   * folder's own list covers, never a restricted folder inside it (whose list its maker may not even be on).
   */
  private async reachesFrom(caller: CallerIdentity, row: FileRow, top: string): Promise<boolean> {
    if (!(await this.files.isWithin(caller.accountId, row.id, top))) return false;
    if (!row.teamFolderId || row.id === top || !(await this.permissionsAvailable(caller))) return true;
    const shared = await this.files.findInAccount(caller.accountId, top);
    if (!shared) return false;
    const [below, at] = await Promise.all([this.sourceIdOf(row), this.sourceIdOf(shared)]);
    return below === at;
  }

  /** The id of the folder whose list decides for a team item (its nearest restricted folder, or its team folder). */
  private async sourceIdOf(row: FileRow): Promise<string | undefined> {
    return isOwnSource(row) ? row.id : (await this.files.accessSource(row.id))?.id;
  }

  /**
   * The restricted folders directly in `folder` that a folder share or link of it never shows (see `reachesFrom`):
   * all of them, while the account's plan keeps access lists.
   */
  async hiddenFromShares(maker: CallerIdentity, folder: FileRow): Promise<string[]> {
    if (!folder.teamFolderId) return [];
    const restricted = await this.files.restrictedIn(folder.id);
    return restricted.length > 0 && (await this.permissionsAvailable(maker)) ? restricted : [];
  }

  /** The folder share a caller acts through (made by `actingFor`), if any: its folder (breadcrumbs start there) and level. */
  shareOf(caller: CallerIdentity): FolderShareGrant | undefined {
    return this.viaShare.get(caller);
  }

  /** Whether the account's plan lets it choose members and levels (and restricted folders). */
  async permissionsAvailable(caller: CallerIdentity): Promise<boolean> {
    return (await this.plans.of(caller)).hasPermissions;
  }

  /** What the caller may do to an item (`known`: its access source, when the caller read it with the item). */
  async levelOf(caller: CallerIdentity, row: FileRow, known?: { source: AccessSource | undefined }): Promise<Level> {
    if (row.accountId !== caller.accountId) return 'none';
    const share = this.viaShare.get(caller);
    if (share) return (await this.reachesFrom(caller, row, share.folderId)) ? share.level : 'none';
    if (!row.teamFolderId) return row.userId === caller.userId ? 'manage' : 'none';
    if (roleMay(caller.role, 'manageTeamFolders')) return 'manage';
    if (!(await this.permissionsAvailable(caller))) return 'edit';
    const source = known ? known.source : await this.sourceOf(row);
    return source ? levelFromEntries(source.entries, caller.userId) : 'none';
  }

  /**
   * The item `id`, when the caller may do `action` to it (trashed or not: the caller checks). Refused:
   * "not found" (`missing`) for another account's item or another person's My files, 403 inside a
   * team folder of the account the caller cannot open or may only view.
   */
  async item(caller: CallerIdentity, id: string, action: ItemAction, missing = 'File not found'): Promise<FileRow> {
    const row = await this.files.findInAccount(caller.accountId, id);
    if (!row) throw notFound(missing);
    return decided(row, await this.levelOf(caller, row), action, missing, this.viaShare.has(caller));
  }

  /**
   * Each item of a selection the caller may do `action` to (trashed or not: the caller checks), decided as `item` decides
   * one, the rows read in one query and the list of a folder read once for all the items directly in it (an item that
   * has no list of its own has its folder's level); each refused with the reason `item` would give.
   */
  async each(caller: CallerIdentity, ids: string[], action: ItemAction, missing = 'File not found'): Promise<{ allowed: FileRow[]; refused: BulkRefusal[] }> {
    const rows = new Map((await this.files.findManyInAccount(caller.accountId, ids)).map((r) => [r.id, r]));
    const levelIn = new Map<string, Promise<Level>>();
    const allowed: FileRow[] = [];
    const refused: BulkRefusal[] = [];
    for (const id of ids) {
      const row = rows.get(id);
      try {
        if (!row) throw notFound(missing);
        const folder = row.teamFolderId && !isOwnSource(row) ? row.folder : undefined;
        let level = folder ? levelIn.get(folder) : undefined;
        if (!level) {
          level = this.levelOf(caller, row);
          if (folder) levelIn.set(folder, level);
        }
        allowed.push(decided(row, await level, action, missing, false));
      } catch (error) {
        refused.push(refusalOf(id, error));
      }
    }
    return { allowed, refused };
  }

  /**
   * A folder the caller may open, with the restricted folders in it they cannot (a listing leaves them out): in a
   * team folder both are looked up at once, so a page of a team folder waits for one round of queries, not two.
   */
  async folderToList(asked: CallerIdentity, id: string): Promise<{ folder: FileRow; hidden: string[]; caller: CallerIdentity }> {
    let caller = asked;
    // The folder, its list and the restricted folders in it, read in one query (read again, never kept: a list just
    // changed decides the next listing).
    const withAccess = (as: CallerIdentity) => (UUID.test(id) ? this.files.findWithAccess(as.accountId, id, as.userId, this.lists.listsSql) : undefined);
    let found = await withAccess(caller);
    // Not in the caller's account: a folder shared with them, listed as its sharer's (sharing is asked only then).
    if (!found) {
      caller = await this.actingFor(asked, id);
      if (caller !== asked) found = await withAccess(caller);
    }
    if (!found) throw notFound('Folder not found');
    const { row, source, restrictedChildren } = found;
    const [level, hidden] = await Promise.all([
      this.levelOf(caller, row, { source: source && sourceFrom(source, source.entries) }),
      this.hiddenAmong(caller, row, restrictedChildren),
    ]);
    return { folder: decided(row, level, 'view', 'Folder not found', this.viaShare.has(caller)), hidden, caller };
  }

  /** What the caller can reach at `action` or more in lists that span folders (search, Recent, trash, pickers). */
  async reach(caller: CallerIdentity, action: ItemAction): Promise<Reach> {
    const base = { userId: caller.userId, accountId: caller.accountId };
    if (roleMay(caller.role, 'manageTeamFolders')) return { ...base, teamSources: 'all' };
    if (!(await this.permissionsAvailable(caller))) return { ...base, teamSources: action === 'manage' ? [] : 'all' };
    const levels = ACCESS_LEVELS.filter((l) => allows(l, action));
    return { ...base, teamSources: await this.lists.sourcesOpenTo(caller.accountId, caller.userId, levels) };
  }

  /** The caller's level in each of these team folders (listing the account's team folders). */
  async levelsIn(caller: CallerIdentity, teamFolders: FileRow[]): Promise<Map<string, Level>> {
    if (roleMay(caller.role, 'manageTeamFolders')) return new Map(teamFolders.map((f) => [f.id, 'manage']));
    if (!(await this.permissionsAvailable(caller))) return new Map(teamFolders.map((f) => [f.id, 'edit']));
    const entries = await this.lists.entriesOf(teamFolders.map((f) => f.id));
    return new Map(
      teamFolders.map((f) => [
        f.id,
        levelFromEntries(
          entries.filter((e) => e.folderId === f.id),
          caller.userId,
        ),
      ]),
    );
  }

  /**
   * The restricted folders directly in `folder` (`children`, each with whether its list lets the caller in) the caller
   * cannot open: a listing leaves them out. Through a folder share, all of them (see `reachesFrom`). None for owners and
   * admins, or without hasPermissions (restricted folders do not apply then).
   */
  private async hiddenAmong(caller: CallerIdentity, folder: FileRow, children: RestrictedChild[]): Promise<string[]> {
    if (!folder.teamFolderId || children.length === 0) return [];
    const viaShare = this.viaShare.has(caller);
    if ((!viaShare && roleMay(caller.role, 'manageTeamFolders')) || !(await this.permissionsAvailable(caller))) return [];
    return children.filter((c) => viaShare || !c.open).map((c) => c.id);
  }

  /** The list that decides for an item of a team folder: its nearest restricted folder's, or its team folder's. */
  async sourceOf(row: FileRow): Promise<AccessSource | undefined> {
    // A team folder or a restricted folder is its own source: no walk up (a listing of one waits for one query less).
    const source = isOwnSource(row) ? row : await this.files.accessSource(row.id);
    return source && sourceFrom(source, await this.lists.entriesOf([source.id]));
  }

  /** Who hears a change to an item of a team folder: everyone its list lets open it, and the account's owners and admins. */
  async audience(caller: CallerIdentity, row: FileRow): Promise<TeamAudience> {
    if (!(await this.permissionsAvailable(caller))) return { everyone: true, userIds: [] };
    const source = await this.sourceOf(row);
    const entries = source?.entries ?? [];
    return { everyone: entries.some((e) => e.grantee === EVERYONE), userIds: entries.filter((e) => e.grantee !== EVERYONE).map((e) => e.grantee) };
  }

  /** Everyone who can open an item, and why (for "Who has access"). */
  async grants(caller: CallerIdentity, row: FileRow): Promise<AccessGrant[]> {
    if (!row.teamFolderId) return [{ grantee: row.userId!, kind: 'my-files', level: 'manage' }];
    const roles: AccessGrant[] = (['owner', 'admin'] as const).map((role) => ({ grantee: role, kind: 'role', level: 'manage' }));
    const teamFolder = (await this.files.findInAccount(caller.accountId, row.teamFolderId))!;
    if (!(await this.permissionsAvailable(caller)))
      return [...roles, { grantee: EVERYONE, kind: 'everyone', level: 'edit', via: { id: teamFolder.id, name: teamFolder.name, kind: 'team-folder' } }];
    const source = await this.sourceOf(row);
    if (!source) return roles;
    return [
      ...roles,
      ...source.entries.map((e): AccessGrant => ({
        grantee: e.grantee,
        kind: e.grantee === EVERYONE ? 'everyone' : 'member',
        level: e.level,
        via: { id: source.id, name: source.name, kind: source.kind },
      })),
    ];
  }
}
