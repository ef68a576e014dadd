import { Injectable } from '@nestjs/common';
import { and, eq, inArray } from 'drizzle-orm';
import { EVERYONE, type AccessEntry, type AccessLevel } from '@coffer/contracts';
import { Repository } from '@coffer/server-core';
import { folderAccess, type FolderAccessRow } from '../db/schema.js';

/** The only place that reads and writes the access lists of team folders and restricted folders. */
@Injectable()
export class AccessRepository extends Repository {
  /** The entries of these folders' lists. */
  entriesOf(folderIds: string[]): Promise<FolderAccessRow[]> {
    if (folderIds.length === 0) return Promise.resolve([]);
    return this.db.select().from(folderAccess).where(inArray(folderAccess.folderId, folderIds));
  }

  /** Which of these folders have an entry for the user or for everyone: the restricted folders a listing shows them. */
  async openTo(userId: string, folderIds: string[]): Promise<Set<string>> {
    if (folderIds.length === 0) return new Set();
    const rows = await this.db
      .selectDistinct({ folderId: folderAccess.folderId })
      .from(folderAccess)
      .where(and(inArray(folderAccess.folderId, folderIds), inArray(folderAccess.grantee, [EVERYONE, userId])));
    return new Set(rows.map((r) => r.folderId));
  }

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
