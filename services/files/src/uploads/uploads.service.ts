import { randomBytes } from 'node:crypto';
import { extname } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import {
  ErrorCode,
  FilesEvent,
  FilesSubject,
  MAX_UPLOAD_BYTES,
  ROOT_FOLDER,
  type CallerIdentity,
  type FileItem,
  type ReceivedPayload,
  type UploadSlot,
} from '@coffer/contracts';
import { EventBus, notFound, rpcError, SERVICE_CONFIG, type Database } from '@coffer/server-core';
import type { RpcException } from '@nestjs/microservices';
import type { FilesConfig } from '../config.js';
import type { FileRow } from '../db/schema.js';
import { freeName } from '../files/free-name.js';
import { FilesRepository } from '../files/files.repository.js';
import { FilesService, toFileItem } from '../files/files.service.js';
import { ObjectStorage } from '../storage/object-storage.js';
import { StorageService } from '../storage/storage.service.js';
import { UploadsRepository, type UploadRow } from './uploads.repository.js';

const tooLarge = () => rpcError(ErrorCode.ValidationFailed, 413, 'This file is larger than 50MB, the largest file Coffer accepts.');
const overQuota = () =>
  rpcError(ErrorCode.Conflict, 413, "There isn't enough storage space left on your plan for this file. Free up space or upgrade your plan.");
const tooSlow = () => rpcError(ErrorCode.ValidationFailed, 400, 'This upload took too long. Please upload the file again.');
const notArrived = () => rpcError(ErrorCode.ValidationFailed, 400, 'The file did not arrive. Please upload it again.');

/** Never built from the file name: the user's id, a time and randomness (spec §7), and a short sanitised extension. */
function storageKey(userId: string, name: string): string {
  const ext = extname(name).slice(1).toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 10);
  return `${ObjectStorage.prefixOf(userId)}${Date.now()}-${randomBytes(8).toString('hex')}${ext ? `.${ext}` : ''}`;
}

/**
 * Uploads: a presigned PUT after the 50 MB and quota checks (its declared size
 * reserved until it is confirmed), then the confirmation, which checks the
 * object's real size the same way and records the file, or deletes the object.
 */
@Injectable()
export class UploadsService {
  constructor(
    @Inject(UploadsRepository) private readonly uploads: UploadsRepository,
    @Inject(FilesRepository) private readonly files: FilesRepository,
    @Inject(FilesService) private readonly items: FilesService,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(ObjectStorage) private readonly objects: ObjectStorage,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(SERVICE_CONFIG) private readonly config: FilesConfig,
  ) {}

  async create(caller: CallerIdentity, input: ReceivedPayload<typeof FilesSubject.CreateUpload>): Promise<UploadSlot> {
    if (input.size > MAX_UPLOAD_BYTES) throw tooLarge();
    if (input.folderId !== ROOT_FOLDER) await this.items.activeFolder(caller, input.folderId);
    const limit = await this.storage.limit(caller);
    const storagePath = storageKey(caller.userId, input.name);
    const expiresAt = new Date(Date.now() + this.config.UPLOAD_SLOT_SECONDS * 1000);
    const upload = await this.uploads.transaction(async (tx) => {
      await this.uploads.lockAccount(tx, caller.accountId);
      const stored = await this.files.storedBytes(caller.accountId, tx);
      const reserved = await this.uploads.reservedBytes(tx, caller.accountId);
      if (stored + reserved + input.size > limit) throw overQuota();
      return this.uploads.insert(tx, {
        userId: caller.userId,
        accountId: caller.accountId,
        name: input.name,
        mimeType: input.mimeType || 'application/octet-stream',
        folder: input.folderId,
        declaredSize: input.size,
        storagePath,
        expiresAt,
      });
    });
    const { url, headers } = await this.objects.presignPut(storagePath, input.size, upload.mimeType, this.config.UPLOAD_SLOT_SECONDS);
    return { uploadId: upload.id, url, headers, expiresAt: expiresAt.toISOString() };
  }

  /**
   * Records an uploaded file once its object's real size passes the same
   * checks; otherwise the slot is used up and the object deleted. The size is
   * read from S3 before the account's lock is taken: a slow S3 must not hold
   * up every other upload of the account.
   */
  async complete(caller: CallerIdentity, uploadId: string): Promise<FileItem> {
    const slot = await this.uploads.find(caller.userId, uploadId);
    if (!slot) throw notFound('Upload not found');
    const limit = await this.storage.limit(caller);
    const size = await this.objects.size(slot.storagePath);
    // The slot stays: the browser may send the bytes again while it is valid.
    if (size === undefined) throw notArrived();

    const outcome = await this.bus.inTransaction(this.uploads, async (tx) => {
      await this.uploads.lockAccount(tx, caller.accountId);
      // Taken under the lock: of two confirmations of one slot, only one records a file.
      const upload = await this.uploads.take(tx, caller.userId, uploadId);
      if (!upload) throw notFound('Upload not found');
      const refusal = await this.refusal(tx, caller, upload, size, limit);
      return refusal ? { refusal, key: upload.storagePath } : { file: await this.record(tx, caller, upload, size) };
    });
    if (outcome.refusal) {
      await this.objects.remove([outcome.key]);
      throw outcome.refusal;
    }
    return toFileItem(outcome.file);
  }

  /** Why the object cannot become a file, if it cannot: the slot ran out, or the real size breaks a limit. */
  private async refusal(tx: Database, caller: CallerIdentity, upload: UploadRow, size: number, limit: number): Promise<RpcException | undefined> {
    if (upload.expiresAt.getTime() < Date.now()) return tooSlow();
    if (size > MAX_UPLOAD_BYTES) return tooLarge();
    if ((await this.files.storedBytes(caller.accountId, tx)) + size > limit) return overQuota();
    return undefined;
  }

  private async record(tx: Database, caller: CallerIdentity, upload: UploadRow, size: number): Promise<FileRow> {
    let folder = upload.folder;
    if (folder !== ROOT_FOLDER) {
      // Inside the transaction: embedded PGlite has one connection, a query beside it would wait forever.
      const parent = await this.files.find(caller.userId, folder, tx);
      if (!parent || parent.deletedAt) folder = ROOT_FOLDER;
    }
    // A second file of the same name in the folder becomes "Name (1).ext".
    await this.files.lockNames(tx, caller.userId, folder);
    const name = freeName(upload.name, await this.files.namesLike(tx, caller.userId, folder, upload.name, 'file'));
    const file = await this.files.insertFile(tx, {
      userId: caller.userId,
      accountId: caller.accountId,
      name,
      size,
      storagePath: upload.storagePath,
      mimeType: upload.mimeType,
      folder,
      lastAccessedAt: new Date(),
    });
    await this.items.announce(tx, FilesEvent.FileUploaded, caller, file);
    return file;
  }
}
