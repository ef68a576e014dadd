import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, isNull, type SQL } from 'drizzle-orm';
import { FOLDER_MIME_TYPE, type SortOrder } from '@coffer/contracts';
import { DATABASE, type Database } from '@coffer/server-core';
import { files, type FileRow } from '../db/schema.js';

const ORDER: Record<SortOrder, SQL[]> = {
  newest: [desc(files.createdAt), asc(files.id)],
  oldest: [asc(files.createdAt), asc(files.id)],
  'name-asc': [asc(files.name), asc(files.id)],
  'name-desc': [desc(files.name), asc(files.id)],
  'size-asc': [asc(files.size), asc(files.id)],
  'size-desc': [desc(files.size), asc(files.id)],
};

export interface NewFolder {
  userId: string;
  accountId: string;
  name: string;
  parentId: string;
  createdAt?: Date;
}

/** The only place that reads and writes the files table. */
@Injectable()
export class FilesRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** The user's active items in one folder. */
  listFolder(userId: string, folder: string, sort: SortOrder): Promise<FileRow[]> {
    return this.db
      .select()
      .from(files)
      .where(and(eq(files.userId, userId), eq(files.folder, folder), isNull(files.deletedAt)))
      .orderBy(...ORDER[sort]);
  }

  /** Inserts folders inside the caller's transaction (`tx`) or on its own. */
  async insertFolders(folders: NewFolder[], tx: Database = this.db): Promise<FileRow[]> {
    if (folders.length === 0) return [];
    return tx
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
}
