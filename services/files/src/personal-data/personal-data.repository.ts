import { Injectable } from '@nestjs/common';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { ROOT_FOLDER } from '@coffer/contracts';
import { countPersonalData, erasePersonalData, Repository, type PersonalDataTable } from '@coffer/server-core';
import { confirmedUploads, files, fileVersions, uploads } from '../db/schema.js';

/** Every files table that holds something of a person, and how a row is known to be theirs. */
// Upload slots before files, here and in a move (PersonalDataService.move): a confirmation takes its slot before it adds a file
// (and with it its account's stored bytes), so the same order never waits on itself.
const personTables = (userId: string): PersonalDataTable[] => [
  ['uploads', uploads, eq(uploads.userId, userId)],
  ['confirmed_uploads', confirmedUploads, eq(confirmedUploads.userId, userId)],
  // A file's versions before the file (their rows would go with it anyway: the foreign key cascades).
  ['file_versions', fileVersions, sql`${fileVersions.fileId} in (select ${files.id} from ${files} where ${files.userId} = ${userId})`],
  ['files', files, eq(files.userId, userId)],
];

/** What the files service holds of a person, handed over when they leave an account, erased with them and proven gone. */
@Injectable()
export class PersonalDataRepository extends Repository {
  erase(userId: string) {
    return erasePersonalData(this.db, personTables(userId));
  }

  inventory(userId: string) {
    return countPersonalData(this.db, personTables(userId));
  }

  /** The bytes in each person's My files in the account (trash included), largest first. */
  async bytesByPerson(accountId: string): Promise<{ userId: string; bytes: number }[]> {
    const bytes = sql<number>`coalesce(sum(${files.size}), 0)`.mapWith(Number);
    const rows = await this.db
      .select({ userId: files.userId, bytes })
      .from(files)
      .where(and(eq(files.accountId, accountId), isNotNull(files.userId)))
      .groupBy(files.userId)
      .orderBy(desc(bytes));
    return rows.flatMap((r) => (r.userId ? [{ userId: r.userId, bytes: r.bytes }] : []));
  }

  /** The versions of a person's files count against the account their files are in now (after `FilesRepository.moveOwner`). */
  async moveVersions(userId: string, accountId: string): Promise<void> {
    await this.db
      .update(fileVersions)
      .set({ accountId })
      .where(sql`${fileVersions.fileId} in (select ${files.id} from ${files} where ${files.userId} = ${userId})`);
  }

  /**
   * Everything in `from`'s My files, trash included, becomes `to`'s, in one statement whatever its size: what was
   * at the root goes into `folderId` (a folder of `to`'s), the rest keeps its place in the tree. Who opened what
   * last is `from`'s, not the receiver's: their Recent does not fill with it.
   */
  async handOver(from: string, to: string, folderId: string): Promise<void> {
    await this.db
      .update(files)
      .set({ userId: to, folder: sql`case when ${files.folder} = ${ROOT_FOLDER} then ${folderId} else ${files.folder} end`, lastAccessedAt: null })
      .where(eq(files.userId, from));
  }

  /**
   * The stored objects whose key starts with `prefix` (the person's: their uploads are kept under it) that a row
   * of someone else's holds: files they handed over, which outlive them. (`is distinct from`: a row of nobody's
   * own space holds its object too.)
   */
  async heldByOthers(userId: string, prefix: string): Promise<Set<string>> {
    const rows = await this.db
      .select({ key: files.storagePath })
      .from(files)
      .where(and(sql`starts_with(${files.storagePath}, ${prefix})`, sql`${files.userId} is distinct from ${userId}`));
    // Earlier versions they uploaded of a file of someone else's (a team file, one replaced in a shared folder) stay with it too.
    const versions = await this.db
      .select({ key: fileVersions.storagePath })
      .from(fileVersions)
      .innerJoin(files, eq(files.id, fileVersions.fileId))
      .where(and(sql`starts_with(${fileVersions.storagePath}, ${prefix})`, sql`${files.userId} is distinct from ${userId}`));
    return new Set([...rows.flatMap((r) => (r.key ? [r.key] : [])), ...versions.map((r) => r.key)]);
  }

  /** The objects of the person's files kept under someone else's prefix (files handed over to them). */
  async handedToThem(userId: string, prefix: string): Promise<string[]> {
    const rows = await this.db
      .select({ key: files.storagePath })
      .from(files)
      .where(and(eq(files.userId, userId), isNotNull(files.storagePath), sql`not starts_with(${files.storagePath}, ${prefix})`));
    const versions = await this.db
      .select({ key: fileVersions.storagePath })
      .from(fileVersions)
      .innerJoin(files, eq(files.id, fileVersions.fileId))
      .where(and(eq(files.userId, userId), sql`not starts_with(${fileVersions.storagePath}, ${prefix})`));
    return [...rows.flatMap((r) => (r.key ? [r.key] : [])), ...versions.map((r) => r.key)];
  }
}
