import { Injectable } from '@nestjs/common';
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { FOLDER_MIME_TYPE, ROOT_FOLDER, type SortOrder } from '@coffer/contracts';
import { Repository } from '@coffer/server-core';
import { accountStorage, files, type FileRow } from '../db/schema.js';

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
  userId: string;
  accountId: string;
  name: string;
  parentId: string;
  createdAt?: Date;
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The only place that reads and writes files and folders (rows of one table; a folder has mime type "folder"). */
@Injectable()
export class FilesRepository extends Repository {
  /** One page of the user's active items in one folder, in `sort`. */
  listFolder(userId: string, folder: string, sort: SortOrder, page: PageRequest): Promise<FilesPage> {
    return this.page(and(eq(files.userId, userId), eq(files.folder, folder), isNull(files.deletedAt))!, SORTS[sort], page);
  }

  /**
   * The first `limit` of the user's active folders by name, whose name contains `q` (when given), and how many match in all;
   * `excluding` leaves out that folder and every folder inside it.
   */
  async searchFolders(userId: string, { q, limit, excluding }: { q?: string; limit: number; excluding?: string }): Promise<{ rows: FileRow[]; total: number }> {
    const where = and(
      eq(files.userId, userId),
      eq(files.mimeType, FOLDER_MIME_TYPE),
      isNull(files.deletedAt),
      q ? ilike(files.name, likePattern(q)) : undefined,
      excluding ? sql`${files.id} not in (${this.folderTree(userId, excluding)})` : undefined,
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
  private folderTree(userId: string, folderId: string): SQL {
    return sql`with recursive down(id) as (
        select ${folderId}::uuid
        union
        select f.id from ${files} f join down on f.folder = down.id::text
          where f.user_id = ${userId} and f.mime_type = ${FOLDER_MIME_TYPE}
      )
      select id from down`;
  }

  /** Each folder's path from the root ("Projects / 2026 / Q1"), walked up its parents in one query. */
  async pathsOf(userId: string, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const result = (await this.db.execute(sql`
      with recursive up(start, name, parent, depth) as (
        select ${files.id}, ${files.name}, ${files.folder}, 0 from ${files}
          where ${files.userId} = ${userId} and ${files.id} in (${sql.join(
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

  /** Every trashed item of the user (emptying the trash). */
  allTrashed(userId: string): Promise<FileRow[]> {
    return this.db
      .select()
      .from(files)
      .where(and(eq(files.userId, userId), isNotNull(files.deletedAt)));
  }

  /** One page of the user's trashed items, newest deletion first. */
  listTrash(userId: string, page: PageRequest): Promise<FilesPage> {
    return this.page(and(eq(files.userId, userId), isNotNull(files.deletedAt))!, TRASH_ORDER, page);
  }

  /** The user's files by last access, newest first. */
  listRecent(userId: string, limit = 50): Promise<FileRow[]> {
    return this.db
      .select()
      .from(files)
      .where(and(eq(files.userId, userId), isNull(files.deletedAt), isNotNull(files.lastAccessedAt), sql`${files.mimeType} <> ${FOLDER_MIME_TYPE}`))
      .orderBy(desc(files.lastAccessedAt), asc(files.id))
      .limit(limit);
  }

  /** One page of the user's active files and folders whose name contains `q`, in any folder. */
  search(userId: string, q: string, sort: SortOrder, page: PageRequest): Promise<FilesPage> {
    return this.page(and(eq(files.userId, userId), isNull(files.deletedAt), ilike(files.name, likePattern(q)))!, SORTS[sort], page);
  }

  /** Whether item `id` is still the user's (trashed or not): a page can start after it. */
  async exists(userId: string, id: string): Promise<boolean> {
    return (await this.find(userId, id)) !== undefined;
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

  /** One of the user's items (trashed or not); another user's is as if it did not exist. */
  async find(userId: string, id: string): Promise<FileRow | undefined> {
    const [row] = await this.db
      .select()
      .from(files)
      .where(and(eq(files.id, id), eq(files.userId, userId)));
    return row;
  }

  /** One of the user's items, locked until the transaction ends (a rename or move of it waits for the one before). */
  async findForUpdate(userId: string, id: string): Promise<FileRow | undefined> {
    const [row] = await this.db
      .select()
      .from(files)
      .where(and(eq(files.id, id), eq(files.userId, userId)))
      .for('update');
    return row;
  }

  async insertFolders(folders: NewFolder[]): Promise<FileRow[]> {
    if (folders.length === 0) return [];
    return this.db
      .insert(files)
      .values(
        folders.map((f) => ({
          userId: f.userId,
          accountId: f.accountId,
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
   * Holds the names in one of the user's folders until the transaction ends, so that two
   * uploads, moves or new folders at once cannot both take the same name.
   */
  async lockNames(userId: string, folder: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`coffer-names-${userId}-${folder}`}))`);
  }

  /**
   * Holds the user's folder tree until the transaction ends: two folder moves at once (A into B, B into A)
   * would each pass the check that the other makes true, and make a loop.
   */
  async lockTree(userId: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`coffer-tree-${userId}`}))`);
  }

  /** Whether `folderId` is the folder `ancestorId` or inside it at any depth: its parents walked up in one query. */
  async isWithin(userId: string, folderId: string, ancestorId: string): Promise<boolean> {
    const result = (await this.db.execute(sql`
      with recursive up(id, parent, depth) as (
        select ${files.id}, ${files.folder}, 0 from ${files} where ${files.userId} = ${userId} and ${files.id} = ${folderId}
        union all
        select f.id, f.folder, up.depth + 1 from ${files} f
          join up on f.id = (case when up.parent = ${ROOT_FOLDER} then null else up.parent end)::uuid
          where f.user_id = ${userId} and up.depth < 1000
      )
      select exists (select 1 from up where id = ${ancestorId}) as within`)) as unknown as { rows: { within: boolean }[] };
    return result.rows[0]?.within === true;
  }

  /** The names of the user's files (or folders) in `folder`, out of the trash, that start like `name` (any case). */
  async namesLike(userId: string, folder: string, name: string, kind: 'file' | 'folder'): Promise<string[]> {
    const stem = name.includes('.') && name.lastIndexOf('.') > 0 ? name.slice(0, name.lastIndexOf('.')) : name;
    const rows = await this.db
      .select({ name: files.name })
      .from(files)
      .where(
        and(
          eq(files.userId, userId),
          eq(files.folder, folder),
          isNull(files.deletedAt),
          kind === 'folder' ? eq(files.mimeType, FOLDER_MIME_TYPE) : sql`${files.mimeType} <> ${FOLDER_MIME_TYPE}`,
          sql`starts_with(lower(${files.name}), lower(${stem}))`,
        ),
      );
    return rows.map((r) => r.name);
  }

  async insertFile(row: typeof files.$inferInsert): Promise<FileRow> {
    const [inserted] = await this.db.insert(files).values(row).returning();
    return inserted;
  }

  async update(userId: string, id: string, set: Partial<typeof files.$inferInsert>): Promise<FileRow | undefined> {
    const [row] = await this.db
      .update(files)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(files.id, id), eq(files.userId, userId)))
      .returning();
    return row;
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

  /** A person's files and folders count against the account they are in now. */
  async moveOwner(userId: string, accountId: string): Promise<void> {
    await this.db.update(files).set({ accountId }).where(eq(files.userId, userId));
  }
}
