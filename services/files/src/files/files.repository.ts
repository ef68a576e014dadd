import { Injectable } from '@nestjs/common';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  notInArray,
  sql,
  type AnyColumn,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { FOLDER_MIME_TYPE, ROOT_FOLDER, type SortOrder } from '@coffer/contracts';
import { Repository, type Database } from '@coffer/server-core';
import { accountStorage, files, type FileRow, type FolderAccessRow } from '../db/schema.js';

/** An order of a list: one key, then the id (so equal keys still have one order). */
interface ListOrder {
  key: SQL | AnyColumn;
  desc: boolean;
}
const SORTS: Record<SortOrder, ListOrder> = {
  newest: { key: files.createdAt, desc: true },
  oldest: { key: files.createdAt, desc: false },
  'name-asc': { key: sql`lower(${files.name})`, desc: false },
  'name-desc': { key: sql`lower(${files.name})`, desc: true },
  'size-asc': { key: files.size, desc: false },
  'size-desc': { key: files.size, desc: true },
};
const TRASH_ORDER: ListOrder = { key: files.deletedAt, desc: true };
/** The order's key, then the id as a tie-break in the same direction: one index (user, folder, key, id) serves both directions. */
const orderBy = (order: ListOrder) => (order.desc ? [desc(order.key), desc(files.id)] : [asc(order.key), asc(files.id)]);

/**
 * The items after item `id` in `order` (keyset paging): its key is read where it is, so a page never
 * skips or repeats an item however many there are; compared as one row (key, id), the page starts
 * where the order's index says, so the last page of 100,000 costs what the first does.
 */
function afterItem(order: ListOrder, id: string): SQL {
  const at = sql`((select ${order.key} from ${files} where ${files.id} = ${id}), ${id}::uuid)`;
  return order.desc ? sql`(${order.key}, ${files.id}) < ${at}` : sql`(${order.key}, ${files.id}) > ${at}`;
}

/** Where a page starts and how long it is. */
export interface PageRequest {
  limit: number;
  after?: string;
}

export interface FilesPage {
  rows: FileRow[];
  /** The id the next page starts after, or null on the last page. */
  next: string | null;
  total: number;
}

export interface NewFolder {
  /** Whose My files it is in; null inside a team folder. */
  userId: string | null;
  accountId: string;
  addedBy: string;
  /** The team folder whose tree it joins (a new team folder: its own id, given as `id`). */
  teamFolderId?: string | null;
  id?: string;
  name: string;
  parentId: string;
  createdAt?: Date;
}

/** Where an item lives: in a person's My files, or in a team folder's tree. */
export type Space = { userId: string } | { teamFolderId: string };
/** The space an item is in. */
export const spaceOf = (row: Pick<FileRow, 'userId' | 'teamFolderId'>): Space =>
  row.teamFolderId ? { teamFolderId: row.teamFolderId } : { userId: row.userId! };
/** The columns that put a row in a space: a person's My files, or a team folder's tree. */
export const placedIn = (space: Space) => ({
  userId: 'userId' in space ? space.userId : null,
  teamFolderId: 'teamFolderId' in space ? space.teamFolderId : null,
});
/** The name lock of the account's team folders (with the account's id as the space). */
export const TEAM_FOLDER_NAMES = 'team-folders';
/** The space's key for name locks. */
export const spaceKey = (space: Space) => ('teamFolderId' in space ? space.teamFolderId : space.userId);

/**
 * What a person can reach in lists that span folders (search, Recent, the trash, the folder pickers): their
 * My files, and in the account's team folders everything under the lists that let them in (`teamSources`:
 * the team folders and restricted folders whose lists give them enough; "all" for owners and admins, or
 * on plans without hasPermissions).
 */
export interface Reach {
  userId: string;
  accountId: string;
  teamSources: string[] | 'all';
}

/**
 * The rows a person can reach: theirs in My files, or in a team folder, whose folder is one of the folders
 * their lists reach (walked down from each list's folder, stopping at restricted folders, which have lists
 * of their own), never a restricted folder outside their lists.
 */
function reachable({ userId, accountId, teamSources }: Reach): SQL {
  const mine = and(eq(files.userId, userId), isNull(files.teamFolderId))!;
  if (teamSources === 'all') return sql`(${mine} or (${files.accountId} = ${accountId} and ${files.teamFolderId} is not null))`;
  if (teamSources.length === 0) return mine;
  const sources = sql.join(
    teamSources.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  return sql`(${mine} or (${files.accountId} = ${accountId} and ${files.teamFolderId} is not null and (${files.id} in (${sources}) or (
    ${files.folder} in (
      with recursive reached(id) as (
        select unnest(array[${sources}])
        union
        select f.id from ${files} f join reached on f.folder = reached.id::text
          where f.mime_type = ${FOLDER_MIME_TYPE} and not f.restricted and f.deleted_at is null
      )
      select id::text from reached
    ) and not (${files.restricted} and ${files.id} not in (${sources}))))))`;
}

/** The restricted folders directly in `folder` (`table` being `files` or an alias of it), read from the team folders' (folder, size) index. */
const restrictedChildOf = (table: Record<'folder' | 'size' | 'mimeType' | 'restricted' | 'teamFolderId' | 'deletedAt', AnyColumn>, folder: string | SQL) =>
  and(
    eq(table.folder, folder),
    eq(table.size, 0),
    eq(table.mimeType, FOLDER_MIME_TYPE),
    eq(table.restricted, true),
    isNotNull(table.teamFolderId),
    isNull(table.deletedAt),
  )!;

/**
 * The query that walks up from item `id` to the folder whose access list decides for it (the nearest restricted folder,
 * or the team folder), selecting `columns` of it (of `up`: id, name, folder, team_folder_id, restricted, depth).
 */
const accessSourceOf = (id: string | SQLWrapper, columns: SQL) => sql`
      with recursive up(id, name, folder, team_folder_id, restricted, depth) as (
        select ${files.id}, ${files.name}, ${files.folder}, ${files.teamFolderId}, ${files.restricted}, 0 from ${files} where ${files.id} = ${id}
        union all
        select f.id, f.name, f.folder, f.team_folder_id, f.restricted, up.depth + 1 from ${files} f
          join up on f.id = (case when up.folder = ${ROOT_FOLDER} then null else up.folder end)::uuid
          where not (up.restricted or up.id = up.team_folder_id) and up.depth < 256
      )
      select ${columns} from up where restricted or id = team_folder_id order by depth limit 1`;

/** The parts of one query that read the access lists, written by their repository (`AccessRepository.listsSql`). */
export interface AccessListsSql {
  /** The entries of the list of folder `folderId` (a JSON array of rows). */
  entriesOf(folderId: SQL): SQL;
  /** Whether the list of folder `folderId` lets user `userId` in (has an entry for them or for everyone). */
  open(folderId: SQL | AnyColumn, userId: SQLWrapper): SQL;
}

/** A restricted folder directly in a folder, and whether its list lets the reader in. */
export interface RestrictedChild {
  id: string;
  open: boolean;
}

/** An item with what deciding access to list it reads (`findWithAccess`). */
export interface ItemWithAccess {
  row: FileRow;
  /** In a team folder: the folder whose list decides for the item, with the list's entries. */
  source?: Pick<FileRow, 'id' | 'name' | 'teamFolderId'> & { entries: FolderAccessRow[] };
  /** In a team folder: the restricted folders directly in the item. */
  restrictedChildren: RestrictedChild[];
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The only place that reads and writes files and folders (rows of one table; a folder has mime type "folder"). */
@Injectable()
export class FilesRepository extends Repository {
  private readonly withAccessQueries = new WeakMap<Database, ReturnType<FilesRepository['withAccessQuery']>>();

  /** The query of `findWithAccess`, its values (id, accountId, userId) given when it runs. */
  private withAccessQuery(db: Database, lists: AccessListsSql) {
    const id = sql.placeholder('id');
    const inTeamFolder = (part: SQL) => sql`case when ${files.teamFolderId} is not null then ${part} end`;
    const child = alias(files, 'child');
    return db
      .select({
        ...getTableColumns(files),
        source: inTeamFolder(
          sql`(${accessSourceOf(id, sql`json_build_object('id', id::text, 'name', name, 'teamFolderId', team_folder_id::text, 'entries', ${lists.entriesOf(sql`up.id`)})`)})`,
        ).as('source'),
        restrictedChildren: inTeamFolder(
          sql`(select coalesce(json_agg(json_build_object('id', ${child.id}::text, 'open', ${lists.open(child.id, sql.placeholder('userId'))})), '[]'::json) from ${files} ${child} where ${restrictedChildOf(child, sql`${files.id}::text`)})`,
        ).as('restricted_children'),
      })
      .from(files)
      .where(and(eq(files.id, id), eq(files.accountId, sql.placeholder('accountId'))))
      .prepare('files_find_with_access');
  }

  /** One page of the user's active items in one folder, in `sort`. */
  listFolder(userId: string, folder: string, sort: SortOrder, page: PageRequest): Promise<FilesPage> {
    return this.page(and(eq(files.userId, userId), eq(files.folder, folder), isNull(files.deletedAt))!, SORTS[sort], page);
  }

  /**
   * One page of the active items directly in a folder of a team folder's tree, in `sort`, read from the
   * folder-led indexes; `hidden` are restricted folders there the reader cannot open (left out of the page and the count).
   */
  listTeamFolder(folder: string, sort: SortOrder, page: PageRequest, hidden: string[]): Promise<FilesPage> {
    const where = and(
      eq(files.folder, folder),
      isNotNull(files.teamFolderId),
      isNull(files.deletedAt),
      hidden.length > 0 ? notInArray(files.id, hidden) : undefined,
    )!;
    return this.page(where, SORTS[sort], page);
  }

  /**
   * The restricted folders directly in a folder (a listing hides those the reader cannot open). A folder's size is 0:
   * read from the team folders' (folder, size) index, only the folder's empty items are looked at, not all it holds.
   */
  async restrictedIn(folder: string): Promise<string[]> {
    const rows = await this.db.select({ id: files.id }).from(files).where(restrictedChildOf(files, folder));
    return rows.map((r) => r.id);
  }

  /** The account's team folders, by name. */
  /** The bytes each team folder of the account holds (trash included), by team folder id; empty ones are absent. */
  async bytesByTeamFolder(accountId: string): Promise<Map<string, number>> {
    const bytes = sql<number>`coalesce(sum(${files.size}), 0)`.mapWith(Number);
    const rows = await this.db
      .select({ teamFolderId: files.teamFolderId, bytes })
      .from(files)
      .where(and(eq(files.accountId, accountId), isNotNull(files.teamFolderId)))
      .groupBy(files.teamFolderId);
    return new Map(rows.flatMap((r) => (r.teamFolderId ? [[r.teamFolderId, r.bytes] as const] : [])));
  }

  teamFolders(accountId: string): Promise<FileRow[]> {
    return this.db
      .select()
      .from(files)
      .where(and(eq(files.accountId, accountId), eq(files.teamFolderId, files.id), isNull(files.deletedAt)))
      .orderBy(asc(sql`lower(${files.name})`), asc(files.id));
  }

  /**
   * The folder whose access list decides for item `id`: the nearest of the item itself and its folders up to
   * its team folder that is a restricted folder, or else the team folder; found in one query that walks up
   * the ancestors, so nothing is written per item when a list changes or a folder moves.
   */
  async accessSource(id: string): Promise<Pick<FileRow, 'id' | 'name' | 'teamFolderId' | 'restricted'> | undefined> {
    const result = (await this.db.execute(accessSourceOf(id, sql`id::text as id, name, team_folder_id::text as "teamFolderId", restricted`))) as unknown as {
      rows: Pick<FileRow, 'id' | 'name' | 'teamFolderId' | 'restricted'>[];
    };
    return result.rows[0];
  }

  /**
   * An item of the account (as `findInAccount`) with everything the access decision reads to list it, in one query (a
   * page of a team folder waits for one round trip before its rows, as a page of My files does): in a team folder, the
   * folder whose list decides for it (as `accessSource` finds it) with that list's entries, and the restricted folders
   * directly in it (as `restrictedIn`), each with whether its list has an entry for `userId`. `lists` writes the parts
   * of the query that read the access lists (their repository's SQL, always the same).
   */
  async findWithAccess(accountId: string, id: string, userId: string, lists: AccessListsSql): Promise<ItemWithAccess | undefined> {
    // Built and prepared once (per database: a transaction prepares its own), so neither its SQL nor its plan is made
    // again at every listing, of a team folder or of My files.
    const db = this.db;
    let query = this.withAccessQueries.get(db);
    if (!query) this.withAccessQueries.set(db, (query = this.withAccessQuery(db, lists)));
    const [found] = await query.execute({ id, accountId, userId });
    if (!found) return undefined;
    const { source, restrictedChildren, ...row } = found as typeof found & {
      source: ItemWithAccess['source'] | null;
      restrictedChildren: RestrictedChild[] | null;
    };
    return { row, source: source ?? undefined, restrictedChildren: restrictedChildren ?? [] };
  }

  /**
   * The first `limit` of the folders the reader can reach, by name, whose name contains `q` (when given), and how many
   * match in all; `excluding` leaves out that folder and every folder inside it.
   */
  async searchFolders(reach: Reach, { q, limit, excluding }: { q?: string; limit: number; excluding?: string }): Promise<{ rows: FileRow[]; total: number }> {
    const where = and(
      reachable(reach),
      eq(files.mimeType, FOLDER_MIME_TYPE),
      isNull(files.deletedAt),
      q ? ilike(files.name, likePattern(q)) : undefined,
      excluding ? sql`${files.id} not in (${this.folderTree(reach.accountId, excluding)})` : undefined,
    );
    const rows = await this.db
      .select()
      .from(files)
      .where(where)
      .orderBy(asc(sql`lower(${files.name})`), asc(files.id))
      .limit(limit);
    const [{ total }] = await this.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(files)
      .where(where);
    return { rows, total };
  }

  /** The ids of folder `folderId` and of every folder inside it, walked down in one query. */
  private folderTree(accountId: string, folderId: string): SQL {
    return sql`with recursive down(id) as (
        select ${folderId}::uuid
        union
        select f.id from ${files} f join down on f.folder = down.id::text
          where f.account_id = ${accountId} and f.mime_type = ${FOLDER_MIME_TYPE}
      )
      select id from down`;
  }

  /** Each folder's path from the root ("Projects / 2026 / Q1", a team folder's from the team folder), walked up its parents in one query. */
  async pathsOf(accountId: string, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const result = (await this.db.execute(sql`
      with recursive up(start, name, parent, depth) as (
        select ${files.id}, ${files.name}, ${files.folder}, 0 from ${files}
          where ${files.accountId} = ${accountId} and ${files.id} in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})
        union all
        select up.start, f.name, f.folder, up.depth + 1 from ${files} f
          join up on f.id = (case when up.parent = ${ROOT_FOLDER} then null else up.parent end)::uuid
          where up.depth < 64
      )
      select start::text as id, string_agg(name, ' / ' order by depth desc) as path from up group by start`)) as unknown as {
      rows: { id: string; path: string }[];
    };
    return new Map(result.rows.map((r) => [r.id, r.path]));
  }

  /** Every trashed item the person can reach: what their trash lists (listTrash), and so what emptying it deletes. */
  allTrashed(reach: Reach): Promise<FileRow[]> {
    return this.db
      .select()
      .from(files)
      .where(and(reachable(reach), isNotNull(files.deletedAt)));
  }

  /** One page of the trashed items the person can reach (theirs, and in team folders where they may edit), newest deletion first. */
  listTrash(reach: Reach, page: PageRequest): Promise<FilesPage> {
    return this.page(and(reachable(reach), isNotNull(files.deletedAt))!, TRASH_ORDER, page);
  }

  /** The person's files by last access, newest first: in My files, and the files they added to team folders they can open. */
  listRecent(reach: Reach, limit = 50): Promise<FileRow[]> {
    return this.db
      .select()
      .from(files)
      .where(
        and(
          reachable(reach),
          eq(files.addedBy, reach.userId),
          isNull(files.deletedAt),
          isNotNull(files.lastAccessedAt),
          sql`${files.mimeType} <> ${FOLDER_MIME_TYPE}`,
        ),
      )
      .orderBy(desc(files.lastAccessedAt), asc(files.id))
      .limit(limit);
  }

  /** One page of the active files and folders the person can reach whose name contains `q`, in any folder. */
  search(reach: Reach, q: string, sort: SortOrder, page: PageRequest): Promise<FilesPage> {
    return this.page(and(reachable(reach), isNull(files.deletedAt), ilike(files.name, likePattern(q)))!, SORTS[sort], page);
  }

  private async page(where: SQL, order: ListOrder, { limit, after }: PageRequest): Promise<FilesPage> {
    const [rows, [{ total }]] = await Promise.all([
      this.db
        .select()
        .from(files)
        .where(after ? and(where, afterItem(order, after)) : where)
        .orderBy(...orderBy(order))
        .limit(limit + 1),
      this.db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(files)
        .where(where),
    ]);
    const more = rows.length > limit;
    const shown = more ? rows.slice(0, limit) : rows;
    return { rows: shown, next: more ? shown[shown.length - 1].id : null, total };
  }

  /** How many active files and folders each of these folders holds directly. */
  async countChildren(folderIds: string[]): Promise<Map<string, { files: number; folders: number }>> {
    if (folderIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        folder: files.folder,
        folders: sql<number>`count(*) filter (where ${files.mimeType} = ${FOLDER_MIME_TYPE})`.mapWith(Number),
        files: sql<number>`count(*) filter (where ${files.mimeType} <> ${FOLDER_MIME_TYPE})`.mapWith(Number),
      })
      .from(files)
      .where(and(inArray(files.folder, folderIds), isNull(files.deletedAt)))
      .groupBy(files.folder);
    return new Map(rows.map((r) => [r.folder, { files: r.files, folders: r.folders }]));
  }

  /** One item of the account (trashed or not), in anyone's My files or a team folder: the access decision says who may have it. */
  async findInAccount(accountId: string, id: string): Promise<FileRow | undefined> {
    const [row] = await this.db
      .select()
      .from(files)
      .where(and(eq(files.id, id), eq(files.accountId, accountId)));
    return row;
  }

  /**
   * An item of any account and the folders above it: its account, and the ids from the item up to its top
   * folder (the item first). A folder share of any of them may open it (the access decision asks sharing).
   */
  async lineage(id: string): Promise<{ accountId: string; ids: string[] } | undefined> {
    const result = (await this.db.execute(sql`
      with recursive up(id, parent, account_id, depth) as (
        select ${files.id}, ${files.folder}, ${files.accountId}, 0 from ${files} where ${files.id} = ${id}
        union all
        select f.id, f.folder, f.account_id, up.depth + 1 from ${files} f
          join up on f.id = (case when up.parent = ${ROOT_FOLDER} then null else up.parent end)::uuid
          where f.account_id = up.account_id and up.depth < 1000
      )
      select id, account_id from up order by depth`)) as unknown as { rows: { id: string; account_id: string }[] };
    const [item] = result.rows;
    return item && { accountId: item.account_id, ids: result.rows.map((r) => r.id) };
  }

  /** One of the user's items (trashed or not); another user's is as if it did not exist. */
  async find(userId: string, id: string): Promise<FileRow | undefined> {
    const [row] = await this.db
      .select()
      .from(files)
      .where(and(eq(files.id, id), eq(files.userId, userId)));
    return row;
  }

  /** One of the account's items, locked until the transaction ends (a rename or move of it waits for the one before). */
  async findForUpdate(accountId: string, id: string): Promise<FileRow | undefined> {
    const [row] = await this.db
      .select()
      .from(files)
      .where(and(eq(files.id, id), eq(files.accountId, accountId)))
      .for('update');
    return row;
  }

  /** Whether folder `folderId`, or a folder inside it at any depth, is a restricted folder. */
  async holdsRestricted(accountId: string, folderId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.restricted, true), sql`${files.id} in (${this.folderTree(accountId, folderId)})`))
      .limit(1);
    return row !== undefined;
  }

  /**
   * A folder and everything in it, at any depth, into another space (My files of `userId`, or a team folder's
   * tree): one statement whatever it holds (a move inside one space changes the folder's row only).
   */
  async moveTreeTo(accountId: string, folderId: string, space: Pick<FileRow, 'userId' | 'teamFolderId'>): Promise<void> {
    await this.db.execute(sql`
      with recursive down(id) as (
        select ${folderId}::uuid
        union
        select f.id from ${files} f join down on f.folder = down.id::text where f.account_id = ${accountId}
      )
      update ${files} set user_id = ${space.userId}, team_folder_id = ${space.teamFolderId}::uuid
        where ${files.accountId} = ${accountId} and ${files.id} in (select id from down)`);
  }

  async insertFolders(folders: NewFolder[]): Promise<FileRow[]> {
    if (folders.length === 0) return [];
    return this.db
      .insert(files)
      .values(
        folders.map((f) => ({
          ...(f.id && { id: f.id }),
          userId: f.userId,
          accountId: f.accountId,
          addedBy: f.addedBy,
          teamFolderId: f.teamFolderId ?? null,
          name: f.name,
          folder: f.parentId,
          mimeType: FOLDER_MIME_TYPE,
          size: 0,
          createdAt: f.createdAt,
          updatedAt: f.createdAt,
        })),
      )
      .returning();
  }

  /**
   * Holds the names in one folder until the transaction ends, so that two uploads, moves or new folders
   * at once cannot both take the same name: a folder of My files or of a team folder (`space`: the user's
   * or the team folder's id), or the account's team folders (`space`: the account's id).
   */
  async lockNames(space: string, folder: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`coffer-names-${space}-${folder}`}))`);
  }

  /** The names of the account's team folders that are `name` (any case). */
  async teamFolderNamed(accountId: string, name: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.accountId, accountId), eq(files.teamFolderId, files.id), sql`lower(${files.name}) = lower(${name})`))
      .limit(1);
    return rows.length > 0;
  }

  /**
   * Holds the account's folder trees until the transaction ends: two folder moves at once (A into B, B into A)
   * would each pass the check that the other makes true, and make a loop.
   */
  async lockTree(accountId: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`coffer-tree-${accountId}`}))`);
  }

  /** Whether `folderId` is the folder `ancestorId` or inside it at any depth: its parents walked up in one query. */
  async isWithin(accountId: string, folderId: string, ancestorId: string): Promise<boolean> {
    const result = (await this.db.execute(sql`
      with recursive up(id, parent, depth) as (
        select ${files.id}, ${files.folder}, 0 from ${files} where ${files.accountId} = ${accountId} and ${files.id} = ${folderId}
        union all
        select f.id, f.folder, up.depth + 1 from ${files} f
          join up on f.id = (case when up.parent = ${ROOT_FOLDER} then null else up.parent end)::uuid
          where f.account_id = ${accountId} and up.depth < 1000
      )
      select exists (select 1 from up where id = ${ancestorId}) as within`)) as unknown as { rows: { within: boolean }[] };
    return result.rows[0]?.within === true;
  }

  /**
   * The names of the files (or folders) in `folder`, out of the trash, that start like `name` (any case):
   * in the user's My files, or in a team folder's tree (`space.teamFolderId`).
   */
  /** The folder named `name` (any case) in `folder` of the space, out of the trash: the one a folder upload reuses. */
  async folderNamed(space: Space, folder: string, name: string): Promise<FileRow | undefined> {
    const [row] = await this.db
      .select()
      .from(files)
      .where(
        and(
          'teamFolderId' in space ? eq(files.teamFolderId, space.teamFolderId) : and(eq(files.userId, space.userId), isNull(files.teamFolderId)),
          eq(files.folder, folder),
          isNull(files.deletedAt),
          eq(files.mimeType, FOLDER_MIME_TYPE),
          sql`lower(${files.name}) = lower(${name})`,
        ),
      )
      .orderBy(files.createdAt)
      .limit(1);
    return row;
  }

  async namesLike(space: Space, folder: string, name: string, kind: 'file' | 'folder'): Promise<string[]> {
    const stem = name.includes('.') && name.lastIndexOf('.') > 0 ? name.slice(0, name.lastIndexOf('.')) : name;
    const rows = await this.db
      .select({ name: files.name })
      .from(files)
      .where(
        and(
          'teamFolderId' in space ? eq(files.teamFolderId, space.teamFolderId) : and(eq(files.userId, space.userId), isNull(files.teamFolderId)),
          eq(files.folder, folder),
          isNull(files.deletedAt),
          kind === 'folder' ? eq(files.mimeType, FOLDER_MIME_TYPE) : sql`${files.mimeType} <> ${FOLDER_MIME_TYPE}`,
          sql`starts_with(lower(${files.name}), lower(${stem}))`,
        ),
      );
    return rows.map((r) => r.name);
  }

  /** The file named `name` (any case) in `folder` of a space, out of the trash, held until the transaction ends: what a replace changes. */
  async fileNamedForUpdate(space: Space, folder: string, name: string): Promise<FileRow | undefined> {
    const [row] = await this.db
      .select()
      .from(files)
      .where(
        and(
          'teamFolderId' in space ? eq(files.teamFolderId, space.teamFolderId) : and(eq(files.userId, space.userId), isNull(files.teamFolderId)),
          eq(files.folder, folder),
          isNull(files.deletedAt),
          sql`${files.mimeType} <> ${FOLDER_MIME_TYPE}`,
          sql`lower(${files.name}) = lower(${name})`,
        ),
      )
      .limit(1)
      .for('update');
    return row;
  }

  async insertFile(row: typeof files.$inferInsert): Promise<FileRow> {
    const [inserted] = await this.db.insert(files).values(row).returning();
    return inserted;
  }

  /** Changes one item (the access decision has said the caller may). */
  async update(id: string, set: Partial<typeof files.$inferInsert>): Promise<FileRow | undefined> {
    const [row] = await this.db
      .update(files)
      .set({ ...set, updatedAt: new Date() })
      .where(eq(files.id, id))
      .returning();
    return row;
  }

  /** Every row of a team folder's tree (the team folder's included), trashed or not: what deleting it removes. */
  teamFolderTree(teamFolderId: string): Promise<FileRow[]> {
    return this.db.select().from(files).where(eq(files.teamFolderId, teamFolderId));
  }

  async touch(id: string) {
    await this.db.update(files).set({ lastAccessedAt: new Date() }).where(eq(files.id, id));
  }

  async remove(ids: string[]): Promise<FileRow[]> {
    if (ids.length === 0) return [];
    return this.db.delete(files).where(inArray(files.id, ids)).returning();
  }

  /**
   * The first `limit` items of every user trashed before `before`: what the purge removes, account by
   * account (deleting them takes each account's stored bytes in that order, as every statement that
   * changes several does).
   */
  trashedBefore(before: Date, limit: number): Promise<FileRow[]> {
    return this.db
      .select()
      .from(files)
      .where(and(isNotNull(files.deletedAt), lt(files.deletedAt, before)))
      .orderBy(files.accountId, files.id)
      .limit(limit);
  }

  /** Bytes the account stores, trash included: it still takes space (kept per account as files change: see accountStorage). */
  async storedBytes(accountId: string): Promise<number> {
    const [stored] = await this.db.select({ bytes: accountStorage.storedBytes }).from(accountStorage).where(eq(accountStorage.accountId, accountId));
    return stored?.bytes ?? 0;
  }

  /** Items of the account (trashed or not) among `ids`, in one query; `held` locks them until the transaction ends. */
  findManyInAccount(accountId: string, ids: string[], held = false): Promise<FileRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    const query = this.db
      .select()
      .from(files)
      .where(and(eq(files.accountId, accountId), inArray(files.id, ids)));
    return held ? query.for('update') : query;
  }

  /** Which of `names` (any case) items of that kind already have in a folder of a space, out of the trash: one query for a whole selection. */
  async namesTaken(space: Space, folder: string, names: string[]): Promise<Array<{ name: string; isFolder: boolean }>> {
    if (names.length === 0) return [];
    const rows = await this.db
      .select({ name: files.name, mimeType: files.mimeType })
      .from(files)
      .where(
        and(
          'teamFolderId' in space ? eq(files.teamFolderId, space.teamFolderId) : and(eq(files.userId, space.userId), isNull(files.teamFolderId)),
          eq(files.folder, folder),
          isNull(files.deletedAt),
          inArray(sql`lower(${files.name})`, [...new Set(names.map((n) => n.toLowerCase()))]),
        ),
      );
    return rows.map((r) => ({ name: r.name, isFolder: r.mimeType === FOLDER_MIME_TYPE }));
  }

  /** Changes every item of `ids` the same way in one statement (the access decision has said the caller may); returns them as they are now. */
  updateAll(ids: string[], set: Partial<typeof files.$inferInsert>): Promise<FileRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .update(files)
      .set({ ...set, updatedAt: new Date() })
      .where(inArray(files.id, ids))
      .returning();
  }

  /** A person's files and folders count against the account they are in now. */
  async moveOwner(userId: string, accountId: string): Promise<void> {
    await this.db.update(files).set({ accountId }).where(eq(files.userId, userId));
  }

  /**
   * Takes a file's stored object for a thumbnail: marks it tried (none yet) and returns the file, unless its object
   * was already tried (a redelivered event, or another replica), or it is gone or in the trash. Never changes `updatedAt`.
   */
  async claimThumbnail(id: string): Promise<FileRow | undefined> {
    const [row] = await this.db
      .update(files)
      .set({ thumbnailOf: files.storagePath, thumbnailPath: null })
      .where(and(eq(files.id, id), isNotNull(files.storagePath), isNull(files.deletedAt), sql`${files.thumbnailOf} is distinct from ${files.storagePath}`))
      .returning();
    return row;
  }

  /** Records the thumbnail made of object `of`; undefined when the file no longer holds that object (replaced or deleted meanwhile). */
  async recordThumbnail(id: string, of: string, thumbnailPath: string): Promise<FileRow | undefined> {
    const [row] = await this.db
      .update(files)
      .set({ thumbnailPath })
      .where(and(eq(files.id, id), eq(files.storagePath, of), eq(files.thumbnailOf, of)))
      .returning();
    return row;
  }
}
