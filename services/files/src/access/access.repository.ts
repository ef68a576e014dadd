import { Injectable } from '@nestjs/common';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { EVERYONE, type AccessEntry, type AccessLevel } from '@coffer/contracts';
import { Repository } from '@coffer/server-core';
import { folderAccess, type FolderAccessRow } from '../db/schema.js';
import type { AccessListsSql } from '../files/files.repository.js';

/** The only place that reads and writes the access lists of team folders and restricted folders. */
@Injectable()
export class AccessRepository extends Repository {
  /** The entries of these folders' lists. */
  entriesOf(folderIds: string[]): Promise<FolderAccessRow[]> {
    if (folderIds.length === 0) return Promise.resolve([]);
    return this.db.select().from(folderAccess).where(inArray(folderAccess.folderId, folderIds));
  }

  /**
   * The parts of a query of the files (`FilesRepository.findWithAccess`) that read the lists: a folder's entries, and
   * whether a folder's list has an entry for the user or for everyone (the restricted folders a listing shows them).
   */
  readonly listsSql: AccessListsSql = {
    entriesOf: (folderId) =>
      sql`(select coalesce(json_agg(json_build_object('folderId', ${folderAccess.folderId}::text, 'accountId', ${folderAccess.accountId}, 'grantee', ${folderAccess.grantee}, 'level', ${folderAccess.level})), '[]'::json) from ${folderAccess} where ${folderAccess.folderId} = ${folderId})`,
    open: (folderId, userId) =>
      sql`exists (select 1 from ${folderAccess} where ${folderAccess.folderId} = ${folderId} and ${folderAccess.grantee} in (${EVERYONE}, ${userId}))`,
  };

  /** The folders of the account whose lists give the user (or everyone) at least one of `levels`. */
  async sourcesOpenTo(accountId: string, userId: string, levels: readonly AccessLevel[]): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ folderId: folderAccess.folderId })
      .from(folderAccess)
      .where(and(eq(folderAccess.accountId, accountId), inArray(folderAccess.grantee, [EVERYONE, userId]), inArray(folderAccess.level, [...levels])));
    return rows.map((r) => r.folderId);
  }

  /** Replaces a folder's list (in the caller's unit of work). */
  async replace(accountId: string, folderId: string, entries: AccessEntry[]): Promise<void> {
    await this.db.delete(folderAccess).where(eq(folderAccess.folderId, folderId));
    if (entries.length > 0) await this.db.insert(folderAccess).values(entries.map((e) => ({ folderId, accountId, grantee: e.grantee, level: e.level })));
  }

  /** Drops the lists of folders deleted for good. */
  async removeLists(folderIds: string[]): Promise<void> {
    if (folderIds.length > 0) await this.db.delete(folderAccess).where(inArray(folderAccess.folderId, folderIds));
  }
}
