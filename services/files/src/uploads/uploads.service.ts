import { randomBytes } from 'node:crypto';
import { extname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ErrorCode,
  FilesEvent,
  FilesSubject,
  fileTooLarge,
  MULTIPART_THRESHOLD_BYTES,
  PART_URLS_PER_REQUEST,
  OK,
  partBytes,
  partSizeFor,
  ROOT_FOLDER,
  type CallerIdentity,
  type FileItem,
  type ListUploadsReply,
  type MultipartUpload,
  type NewUpload,
  type OkReply,
  type ReceivedPayload,
  type UploadPartsReply,
} from '@coffer/contracts';
import { EventBus, invalid, notFound, rpcError, SERVICE_CONFIG, UnitOfWork } from '@coffer/server-core';
import type { StoredPart } from '@coffer/server-core/object-store';
import type { RpcException } from '@nestjs/microservices';
import type { FilesConfig } from '../config.js';
import type { FileRow } from '../db/schema.js';
import { freeName } from '../files/free-name.js';
import { FilesRepository, placedIn, spaceKey, spaceOf, type Space } from '../files/files.repository.js';
import { FilesService, toFileItem } from '../files/files.service.js';
import { ObjectStorage } from '../storage/object-storage.js';
import { StorageService, type StorageLimits } from '../storage/storage.service.js';
import { UploadsRepository, type UploadRow } from './uploads.repository.js';
import { AccessService } from '../access/access.service.js';
import { VersionsService } from '../versions/versions.service.js';

const tooLarge = (maxFileBytes: number) => rpcError(ErrorCode.ValidationFailed, 413, fileTooLarge(maxFileBytes));
const overQuota = () =>
  rpcError(ErrorCode.Conflict, 413, "There isn't enough storage space left on your plan for this file. Free up space or upgrade your plan.");
const tooSlow = () => rpcError(ErrorCode.ValidationFailed, 400, 'This upload took too long. Please upload the file again.');
const notArrived = () => rpcError(ErrorCode.ValidationFailed, 400, 'The file did not arrive. Please upload it again.');
const partsMissing = (missing: number) =>
  rpcError(ErrorCode.ValidationFailed, 400, `${missing} part${missing === 1 ? '' : 's'} of the file did not arrive. Please resume the upload.`);

/**
 * How long after it was asked a confirmation stops waiting for the object of a multipart upload another
 * confirmation is joining (it answers within the gateway's 10 s), and how often it looks.
 */
const JOINED_ELSEWHERE_WAIT_MS = 7000;
const JOINED_ELSEWHERE_POLL_MS = 100;

/** What `joinedElsewhere` gives when the slot went meanwhile: another confirmation recorded the file, or the upload was cancelled. */
const SLOT_GONE = Symbol('slot gone');

const partCountOf = (upload: Pick<UploadRow, 'declaredSize' | 'partSize'>) => Math.max(1, Math.ceil(upload.declaredSize / upload.partSize!));

/** The parts stored whole: each of the upload's part numbers at exactly its size (S3 signed that size; this checks again). */
function wholeParts(upload: UploadRow, parts: StoredPart[]): StoredPart[] {
  const count = partCountOf(upload);
  return parts.filter((p) => p.partNumber <= count && p.size === partBytes(upload.declaredSize, upload.partSize!, p.partNumber));
}

function toMultipartUpload(upload: UploadRow, uploadedParts: number[]): MultipartUpload {
  return {
    uploadId: upload.id,
    name: upload.name,
    size: upload.declaredSize,
    mimeType: upload.mimeType,
    folderId: upload.folder,
    lastModified: upload.lastModified,
    partSize: upload.partSize!,
    partCount: partCountOf(upload),
    uploadedParts,
    expiresAt: upload.expiresAt.toISOString(),
  };
}

/** Never built from the file name: the user's id, a time and randomness (spec §7), and a short sanitised extension. */
function storageKey(userId: string, name: string): string {
  const ext = extname(name)
    .slice(1)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 10);
  return `${ObjectStorage.prefixOf(userId)}${Date.now()}-${randomBytes(8).toString('hex')}${ext ? `.${ext}` : ''}`;
}

/**
 * Uploads: after the plan's largest-file and quota checks (the declared size
 * reserved until it is confirmed), a presigned PUT, or for a big file a
 * multipart upload whose parts the browser sends in parallel and can resume;
 * then the confirmation, which checks the object's real size the same way and
 * records the file, or deletes the object. A cancelled or abandoned upload keeps nothing.
 */
@Injectable()
export class UploadsService {
  private readonly logger = new Logger(UploadsService.name);

  constructor(
    @Inject(UploadsRepository) private readonly uploads: UploadsRepository,
    @Inject(FilesRepository) private readonly files: FilesRepository,
    @Inject(FilesService) private readonly items: FilesService,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(ObjectStorage) private readonly objects: ObjectStorage,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(SERVICE_CONFIG) private readonly config: FilesConfig,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
    @Inject(AccessService) private readonly access: AccessService,
    @Inject(VersionsService) private readonly versions: VersionsService,
  ) {}

  async create(caller: CallerIdentity, input: ReceivedPayload<typeof FilesSubject.CreateUpload>): Promise<NewUpload> {
    // Into a folder shared Can edit with the caller: the sharer's account's storage and plan, added by the caller.
    caller = await this.access.actingFor(caller, input.folderId);
    const storagePath = storageKey(caller.userId, input.name);
    const mimeType = input.mimeType || 'application/octet-stream';
    const multipart = input.size > MULTIPART_THRESHOLD_BYTES;
    const expiresAt = new Date(Date.now() + (multipart ? this.config.UPLOAD_RESUMABLE_SECONDS : this.config.UPLOAD_SLOT_SECONDS) * 1000);
    // The store's multipart upload, the plan (from billing) and the folder are asked for at once;
    // a refusal (a file too large is told first) drops the store's upload again.
    const started = multipart ? this.objects.startMultipart(storagePath, mimeType) : Promise.resolve(null);
    // Into a team folder: the caller may add to it (Can edit); the file counts against the account either way.
    const folderChecked = input.folderId !== ROOT_FOLDER ? this.items.activeFolder(caller, input.folderId, 'edit') : Promise.resolve();
    for (const pending of [started, folderChecked]) pending.catch(() => undefined);
    const refuse = async (err: unknown): Promise<never> => {
      const id = await started.catch(() => null);
      // The refusal is what the person hears; a store that fails to drop the upload is only logged.
      if (id)
        await this.objects
          .abortMultipart(storagePath, id)
          .catch((abortError: unknown) =>
            this.logger.warn({ msg: 'A refused upload could not be dropped from the store', storagePath, error: String(abortError) }),
          );
      throw err;
    };
    const limits = await this.storage.limits(caller).catch(refuse);
    if (input.size > limits.maxFileBytes) return refuse(tooLarge(limits.maxFileBytes));
    await folderChecked.catch(refuse);
    const multipartId = await started;
    const partSize = multipart ? partSizeFor(input.size) : null;
    // The first parts' URLs (they come with the upload, so the browser starts sending at once) are signed meanwhile.
    const slot = { declaredSize: input.size, partSize, storagePath, multipartId, expiresAt };
    const firstParts = multipart
      ? this.presignParts(
          slot,
          Array.from({ length: Math.min(PART_URLS_PER_REQUEST, partCountOf(slot)) }, (_, i) => i + 1),
        )
      : undefined;
    firstParts?.catch(() => undefined);
    const upload = await this.unit
      .run(async () => {
        await this.uploads.lockAccount(caller.accountId);
        const stored = await this.files.storedBytes(caller.accountId);
        const reserved = await this.uploads.reservedBytes(caller.accountId);
        if (stored + reserved + input.size > limits.storageBytes) throw overQuota();
        return this.uploads.insert({
          userId: caller.userId,
          accountId: caller.accountId,
          name: input.name,
          mimeType,
          folder: input.folderId,
          declaredSize: input.size,
          storagePath,
          expiresAt,
          multipartId,
          partSize,
          lastModified: input.lastModified ?? null,
          replace: input.onExisting === 'replace',
        });
      })
      .catch(refuse);
    if (firstParts) return { ...toMultipartUpload(upload, []), parts: (await firstParts).parts };
    const { url, headers } = await this.objects.presignPut(storagePath, input.size, upload.mimeType, this.config.UPLOAD_SLOT_SECONDS);
    return { uploadId: upload.id, url, headers, expiresAt: expiresAt.toISOString() };
  }

  /** The caller's unfinished multipart uploads, each with the parts the store holds whole. */
  async list(caller: CallerIdentity): Promise<ListUploadsReply> {
    const open = await this.uploads.openMultipart(caller.userId);
    return {
      items: await Promise.all(
        open.map(async (u) =>
          toMultipartUpload(
            u,
            (await this.storedParts(u)).map((p) => p.partNumber),
          ),
        ),
      ),
    };
  }

  /** Presigned URLs for parts of one of the caller's open multipart uploads, each for exactly its size. */
  async parts(caller: CallerIdentity, uploadId: string, partNumbers: number[]): Promise<UploadPartsReply> {
    const upload = await this.uploads.find(caller.userId, uploadId);
    if (!upload?.multipartId || upload.expiresAt.getTime() < Date.now()) throw notFound('Upload not found');
    if (partNumbers.some((n) => n > partCountOf(upload))) throw invalid('No such part');
    return this.presignParts(upload, partNumbers);
  }

  private async presignParts(
    upload: Pick<UploadRow, 'declaredSize' | 'partSize' | 'storagePath' | 'multipartId' | 'expiresAt'>,
    partNumbers: number[],
  ): Promise<UploadPartsReply> {
    const seconds = Math.min(this.config.UPLOAD_SLOT_SECONDS, Math.floor((upload.expiresAt.getTime() - Date.now()) / 1000));
    const parts = [...new Set(partNumbers)].map((partNumber) => ({ partNumber, size: partBytes(upload.declaredSize, upload.partSize!, partNumber) }));
    const urls = await this.objects.presignParts(upload.storagePath, upload.multipartId!, parts, seconds);
    return { parts: parts.map((part, i) => ({ ...part, url: urls[i] })), expiresAt: new Date(Date.now() + seconds * 1000).toISOString() };
  }

  /** Drops one of the caller's unfinished uploads: its reservation, and whatever of it the store holds. */
  async cancel(caller: CallerIdentity, uploadId: string): Promise<OkReply> {
    const upload = await this.unit.run(() => this.uploads.take(caller.userId, uploadId));
    if (!upload) throw notFound('Upload not found');
    await this.discard([upload]);
    return OK;
  }

  /** Deletes what uploads left in the store: their parts and their objects (called once their rows are gone). */
  async discard(uploads: UploadRow[]): Promise<void> {
    for (const u of uploads) if (u.multipartId) await this.objects.abortMultipart(u.storagePath, u.multipartId);
    await this.objects.remove(uploads.map((u) => u.storagePath));
  }

  private async storedParts(upload: UploadRow): Promise<StoredPart[]> {
    return wholeParts(upload, (await this.objects.parts(upload.storagePath, upload.multipartId!)) ?? []);
  }

  /**
   * Joins a multipart upload's parts into its object once every one is stored
   * whole, and gives the object's size (the parts' sizes, as the store listed
   * them); until then the upload stays open, to be resumed. Nothing to join
   * means it was joined already (a repeated confirmation): the object tells.
   */
  private async assemble(upload: UploadRow): Promise<number | undefined> {
    const stored = await this.objects.parts(upload.storagePath, upload.multipartId!);
    if (!stored) return undefined;
    const whole = wholeParts(upload, stored);
    const missing = partCountOf(upload) - whole.length;
    if (missing > 0) throw partsMissing(missing);
    // Gone meanwhile: another confirmation of the same upload joined it (the object tells).
    if (!(await this.objects.completeMultipart(upload.storagePath, upload.multipartId!, whole))) return undefined;
    return whole.reduce((sum, part) => sum + part.size, 0);
  }

  /**
   * The size of a multipart upload's object when the store no longer holds the upload: another
   * confirmation of it (a retry beside the first) joined it, and the object is there once that one has
   * put it in place, which on S3 can take seconds. Meanwhile the slot tells: gone means the other
   * confirmation recorded the file (or the upload was cancelled), and this one answers as a repeated
   * confirmation does. Undefined when no object appears.
   */
  private async joinedElsewhere(caller: CallerIdentity, slot: UploadRow, deadline: number): Promise<number | undefined | typeof SLOT_GONE> {
    for (;;) {
      const size = await this.objects.size(slot.storagePath);
      if (size !== undefined) return size;
      if (!(await this.uploads.find(caller.userId, slot.id))) return SLOT_GONE;
      // The other confirmation failed, and the store holds the upload again: this one joins it.
      if (await this.objects.parts(slot.storagePath, slot.multipartId!)) return this.assemble(slot);
      if (Date.now() >= deadline) return undefined;
      await sleep(JOINED_ELSEWHERE_POLL_MS);
    }
  }

  /**
   * Records an uploaded file once its object's real size passes the same
   * checks; otherwise the slot is used up and the object deleted. The size is
   * read from S3 before the account's lock is taken: a slow S3 must not hold
   * up every other upload of the account.
   */
  async complete(caller: CallerIdentity, uploadId: string): Promise<FileItem> {
    const asked = Date.now();
    const slot = await this.uploads.find(caller.userId, uploadId);
    if (!slot) return this.confirmedBefore(caller, uploadId);
    if (slot.accountId !== caller.accountId) {
      // Into a folder shared with the caller: it must still be shared Can edit with them now.
      caller = await this.access.actingFor(caller, slot.folder);
      await this.items.activeFolder(caller, slot.folder, 'edit');
    }
    const [limits, joined] = await Promise.all([this.storage.limits(caller), slot.multipartId ? this.assemble(slot) : undefined]);
    const size =
      joined ?? (await (slot.multipartId ? this.joinedElsewhere(caller, slot, asked + JOINED_ELSEWHERE_WAIT_MS) : this.objects.size(slot.storagePath)));
    if (size === SLOT_GONE) return this.confirmedBefore(caller, uploadId);
    // The slot stays: the browser may send the bytes again while it is valid.
    if (size === undefined) throw notArrived();

    const outcome = await this.unit.run(async () => {
      await this.uploads.lockAccount(caller.accountId);
      // Taken under the lock: of two confirmations of one slot, only one records a file.
      const upload = await this.uploads.take(caller.userId, uploadId);
      if (!upload) return { confirmedMeanwhile: true as const };
      const refusal = await this.refusal(caller, upload, size, limits);
      if (refusal) return { refusal, key: upload.storagePath };
      const file = await this.record(caller, upload, size);
      const expiresAt = new Date(Date.now() + this.config.UPLOAD_SLOT_SECONDS * 1000);
      await this.uploads.recordConfirmation({ uploadId, userId: caller.userId, fileId: file.id, expiresAt });
      return { file };
    });
    if ('confirmedMeanwhile' in outcome) return this.confirmedBefore(caller, uploadId);
    if (outcome.refusal) {
      await this.objects.remove([outcome.key]);
      throw outcome.refusal;
    }
    return toFileItem(outcome.file);
  }

  /**
   * The answer to a confirmation of a slot that is gone: the file it became when this user confirmed it
   * lately (the first reply was lost: the service stopped after committing, or two confirmations crossed),
   * else "Upload not found" (someone else's, cancelled, expired, refused, or confirmed long ago).
   */
  private async confirmedBefore(caller: CallerIdentity, uploadId: string): Promise<FileItem> {
    const fileId = await this.uploads.confirmedFileId(caller.userId, uploadId);
    const file = fileId ? await this.files.findInAccount(caller.accountId, fileId) : undefined;
    if (!file) throw notFound('Upload not found');
    return toFileItem(file);
  }

  /** Why the object cannot become a file, if it cannot: the slot ran out, or the real size breaks a limit. */
  private async refusal(caller: CallerIdentity, upload: UploadRow, size: number, limits: StorageLimits): Promise<RpcException | undefined> {
    if (upload.expiresAt.getTime() < Date.now()) return tooSlow();
    if (size > limits.maxFileBytes) return tooLarge(limits.maxFileBytes);
    if ((await this.files.storedBytes(caller.accountId)) + size > limits.storageBytes) return overQuota();
    return undefined;
  }

  private async record(caller: CallerIdentity, upload: UploadRow, size: number): Promise<FileRow> {
    let folder = upload.folder;
    let space: Space = { userId: caller.userId };
    if (folder !== ROOT_FOLDER) {
      // Inside the transaction: embedded PGlite has one connection, a query beside it would wait forever.
      const parent = await this.files.findInAccount(caller.accountId, folder);
      // A shared folder trashed meanwhile: the caller has no root of their own in its account.
      if ((!parent || parent.deletedAt) && this.access.shareOf(caller)) throw notFound('Folder not found');
      if (!parent || parent.deletedAt) folder = ROOT_FOLDER;
      else space = spaceOf(parent);
    }
    await this.files.lockNames(spaceKey(space), folder);
    // Replacing: the file of that name gets these bytes (its own kept as a version); none there (any more): a new file.
    const replaced = upload.replace ? await this.files.fileNamedForUpdate(space, folder, upload.name) : undefined;
    if (replaced?.storagePath) return this.versions.replace(caller, replaced as FileRow & { storagePath: string }, upload, size);
    // A second file of the same name in the folder becomes "Name (1).ext".
    const name = freeName(upload.name, await this.files.namesLike(space, folder, upload.name, 'file'));
    const file = await this.files.insertFile({
      ...placedIn(space),
      addedBy: caller.userId,
      accountId: caller.accountId,
      name,
      size,
      storagePath: upload.storagePath,
      mimeType: upload.mimeType,
      folder,
      lastAccessedAt: new Date(),
    });
    await this.items.announce(FilesEvent.FileUploaded, caller, file);
    return file;
  }
}
