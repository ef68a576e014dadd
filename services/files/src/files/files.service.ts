import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_FOLDER_NAMES,
  FOLDER_MIME_TYPE,
  ROOT_FOLDER,
  type CallerIdentity,
  type FileItem,
  type ListFilesReply,
  type SortOrder,
  type UserRegistered,
} from '@coffer/contracts';
import type { Database } from '@coffer/server-core';
import type { FileRow } from '../db/schema.js';
import { FilesRepository } from './files.repository.js';

export function toFileItem(row: FileRow): FileItem {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    mimeType: row.mimeType,
    folderId: row.folder,
    isFolder: row.mimeType === FOLDER_MIME_TYPE,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

/** The rules of files and folders; every query is scoped to the caller. */
@Injectable()
export class FilesService {
  constructor(@Inject(FilesRepository) private readonly repository: FilesRepository) {}

  async list(caller: CallerIdentity, folder: string, sort: SortOrder): Promise<ListFilesReply> {
    const rows = await this.repository.listFolder(caller.userId, folder, sort);
    return { items: rows.map(toFileItem) };
  }

  /**
   * A new user's root gets Documents, Images, Projects and Invoices. Their
   * creation times are a millisecond apart so that "newest first" lists them
   * in that order.
   */
  async createDefaultFolders(user: UserRegistered, tx: Database): Promise<void> {
    const now = Date.now();
    await this.repository.insertFolders(
      DEFAULT_FOLDER_NAMES.map((name, i) => ({
        userId: user.userId,
        accountId: user.accountId,
        name,
        parentId: ROOT_FOLDER,
        createdAt: new Date(now - i),
      })),
      tx,
    );
  }
}
