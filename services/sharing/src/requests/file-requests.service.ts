import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  AccountSubject,
  BillingSubject,
  ErrorCode,
  FILE_REQUEST_EXPIRY_NEEDS_PLAN,
  FILE_REQUEST_NOT_FOUND,
  FILE_REQUEST_PAGE_PATH,
  FileRequestEvent,
  FileRequestRefusal,
  FilesSubject,
  formatFileLimit,
  OK,
  roleMay,
  sharerName,
  type CallerIdentity,
  type CreatedFileRequest,
  type FileRequestItem,
  type FileRequestPage,
  type FileRequestSubject,
  type ListFileRequestsReply,
  type NewUpload,
  type OkReply,
  type ReceivedFile,
  type ReceivedPayload,
  type UploadPartsReply,
} from '@coffer/contracts';
import { EventBus, forbidden, notFound, rpcError, SERVICE_CONFIG, ServiceRequester, tokenHash, UnitOfWork } from '@coffer/server-core';
import type { SharingConfig } from '../config.js';
import type { FileRequestRow } from '../db/schema.js';
import { PeopleRepository } from '../people/people.repository.js';
import { SharingPolicyService } from '../policy/sharing-policy.service.js';
import { FileRequestsRepository, type RecentStarts } from './file-requests.repository.js';

const DAY_MS = 86_400_000;
/** The window of the rate limit on upload starts. */
const START_WINDOW_MS = 60_000;

export function toFileRequestItem(row: FileRequestRow): FileRequestItem {
  return {
    id: row.id,
    folderId: row.folderId,
    folderName: row.folderName,
    title: row.title,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxBytes: row.maxBytes,
    uploadCount: row.uploadCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Whole seconds until the oldest start counted leaves the window (at least 1). */
const secondsUntilFree = (starts: RecentStarts) => Math.max(1, Math.ceil(((starts.oldest?.getTime() ?? Date.now()) + START_WINDOW_MS - Date.now()) / 1000));

/**
 * File requests: their maker picks a folder they may add to; anyone with the token sends files into it
 * and sees nothing of it. Each upload is made as the maker (the files service decides, as for their own
 * uploads, that they may still add there, and counts it against the account and the plan's largest
 * file), so each file is "added by" the maker; the maker is told of each one.
 */
@Injectable()
export class FileRequestsService {
  constructor(
    @Inject(FileRequestsRepository) private readonly requests: FileRequestsRepository,
    @Inject(PeopleRepository) private readonly people: PeopleRepository,
    @Inject(SharingPolicyService) private readonly policy: SharingPolicyService,
    @Inject(ServiceRequester) private readonly services: ServiceRequester,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
    @Inject(SERVICE_CONFIG) private readonly config: SharingConfig,
  ) {}

  async create(caller: CallerIdentity, input: ReceivedPayload<typeof FileRequestSubject.CreateFileRequest>): Promise<CreatedFileRequest> {
    const folder = await this.services.request(FilesSubject.GetUploadFolder, { folderId: input.folderId }, { caller });
    if (input.expiresInDays !== null) {
      const { features } = await this.services.request(BillingSubject.GetPlan, {}, { caller });
      if (!features.hasLinkExpiry) throw forbidden(FILE_REQUEST_EXPIRY_NEEDS_PLAN);
    }
    // A request is a link: forbidden with links, and held to the policy's maximum expiry.
    const days = await this.policy.checkLink(caller.accountId, { hasPassword: undefined, expiresInDays: input.expiresInDays });
    const token = randomBytes(32).toString('base64url');
    const row = await this.unit.run(async () => {
      const made = await this.requests.add({
        tokenHash: tokenHash(token),
        accountId: caller.accountId,
        createdByUserId: caller.userId,
        folderId: folder.id,
        folderName: folder.name,
        title: input.title,
        expiresAt: days === null || days === undefined ? null : new Date(Date.now() + days * DAY_MS),
        maxBytes: input.maxBytes,
      });
      await this.bus.record(FileRequestEvent.Created, { accountId: caller.accountId, actorId: caller.userId, payload: { request: toFileRequestItem(made) } });
      return made;
    });
    return { ...toFileRequestItem(row), token, url: `${FILE_REQUEST_PAGE_PATH}${token}` };
  }

  async list(caller: CallerIdentity): Promise<ListFileRequestsReply> {
    return { items: (await this.requests.madeBy(caller.userId)).map(toFileRequestItem) };
  }

  /** Its maker, or an owner, admin or moderator of the account, turns a request off at once. */
  async revoke(caller: CallerIdentity, requestId: string): Promise<OkReply> {
    const request = await this.requests.find(requestId);
    const may = request && (request.createdByUserId === caller.userId || (request.accountId === caller.accountId && roleMay(caller.role, 'revokeAnyShare')));
    if (!request || !may) throw notFound('File request not found');
    const unfinished = await this.requests.unfinishedUploads(request.id);
    await this.unit.run(async () => {
      await this.requests.remove(request.id);
      await this.bus.record(FileRequestEvent.Revoked, {
        accountId: request.accountId,
        actorId: caller.userId,
        payload: { request: toFileRequestItem(request) },
      });
    });
    // What visitors were still sending goes with it: their parts and their reservations.
    for (const uploadId of unfinished) await this.dropUpload(request, uploadId);
    return OK;
  }

  /** Drops a visitor's unfinished upload from the files service (gone already, confirmed or expired: nothing to drop). */
  private async dropUpload(request: FileRequestRow, uploadId: string): Promise<void> {
    await this.services.request(FilesSubject.CancelUpload, { uploadId }, { caller: this.makerOf(request) }).catch(() => undefined);
  }

  // The public side: no signed-in caller, the token is the proof.

  private async existing(token: string): Promise<FileRequestRow> {
    const request = await this.requests.findByToken(tokenHash(token));
    if (!request) throw notFound(FILE_REQUEST_NOT_FOUND);
    return request;
  }

  private async usable(token: string): Promise<FileRequestRow> {
    const request = await this.existing(token);
    await this.policy.checkRequestOpen(request.accountId);
    if (request.expiresAt && request.expiresAt.getTime() <= Date.now()) throw forbidden(FileRequestRefusal.Expired);
    return request;
  }

  /** Whom the files go to, as the maker's company shows itself: `role: member`, the least any maker has. */
  private makerOf(request: FileRequestRow): CallerIdentity {
    return { userId: request.createdByUserId, accountId: request.accountId, role: 'member' };
  }

  async page(token: string): Promise<FileRequestPage> {
    const request = await this.usable(token);
    const maker = await this.people.find(request.createdByUserId);
    const [branding, { features }] = await Promise.all([
      this.services.request(AccountSubject.GetBranding, {}, { caller: this.makerOf(request) }),
      this.services.request(BillingSubject.GetPlan, {}, { caller: this.makerOf(request) }),
    ]);
    return {
      requestedByName: sharerName(maker),
      title: request.title,
      branding,
      maxBytes: Math.min(request.maxBytes ?? Number.MAX_SAFE_INTEGER, features.maxFileBytes),
      expiresAt: request.expiresAt?.toISOString() ?? null,
    };
  }

  /**
   * A visitor's file: one presigned PUT, or over MULTIPART_THRESHOLD_BYTES a multipart upload sent in parts
   * (up to the maker's plan's largest file). The files service checks the plan and reserves the size against
   * the account's storage, as for the maker's own uploads; the request's cap is checked first.
   */
  async startUpload(token: string, file: { name: string; size: number; mimeType: string }, clientIp: string | undefined): Promise<NewUpload> {
    const request = await this.usable(token);
    if (request.maxBytes !== null && file.size > request.maxBytes)
      throw rpcError(ErrorCode.ValidationFailed, 413, FileRequestRefusal.TooLarge(formatFileLimit(request.maxBytes)));
    await this.limitStarts(request, clientIp ?? 'unknown');
    const upload = await this.services.request(FilesSubject.CreateUpload, { ...file, folderId: request.folderId }, { caller: this.makerOf(request) });
    await this.requests.addUpload({ uploadId: upload.uploadId, requestId: request.id, name: file.name, size: file.size });
    return upload;
  }

  /**
   * The rate limit on starting uploads (each reserves storage on the maker's account until it is sent or
   * runs out): FILE_REQUEST_UPLOADS_PER_MINUTE through the request, FILE_REQUEST_UPLOADS_PER_ADDRESS_PER_MINUTE
   * from the address through any request. A refused start is not counted; Retry-After says when the oldest
   * start counted leaves the window.
   */
  private async limitStarts(request: FileRequestRow, clientIp: string): Promise<void> {
    const windowStart = new Date(Date.now() - START_WINDOW_MS);
    const start = await this.requests.addUploadStart(request.id, clientIp, windowStart);
    const { ofRequest, fromAddress } = await this.requests.recentUploadStarts(request.id, clientIp, windowStart);
    const over =
      ofRequest.count > this.config.FILE_REQUEST_UPLOADS_PER_MINUTE
        ? { starts: ofRequest, message: FileRequestRefusal.TooManyUploads }
        : fromAddress.count > this.config.FILE_REQUEST_UPLOADS_PER_ADDRESS_PER_MINUTE
          ? { starts: fromAddress, message: FileRequestRefusal.TooManyUploadsFromAddress }
          : undefined;
    if (!over) return;
    await this.requests.forgetUploadStart(start);
    const retryAfterSeconds = secondsUntilFree(over.starts);
    throw rpcError(ErrorCode.TooManyAttempts, 429, over.message(retryAfterSeconds), { retryAfterSeconds });
  }

  /** URLs for parts of a visitor's multipart upload: only while the request is open, only for an upload it handed out. */
  async uploadParts(token: string, uploadId: string, partNumbers: number[]): Promise<UploadPartsReply> {
    const request = await this.usable(token);
    if (!(await this.requests.pendingUpload(request.id, uploadId))) throw notFound(FileRequestRefusal.UploadNotFound);
    return this.services.request(FilesSubject.UploadParts, { uploadId, partNumbers }, { caller: this.makerOf(request) });
  }

  /** A visitor drops their unfinished upload (also once the request has expired): nothing of it is kept. */
  async cancelUpload(token: string, uploadId: string): Promise<OkReply> {
    const request = await this.existing(token);
    if (!(await this.requests.dropPendingUpload(request.id, uploadId))) throw notFound(FileRequestRefusal.UploadNotFound);
    await this.dropUpload(request, uploadId);
    return OK;
  }

  /** The visitor's bytes are in: the file is made in the folder (as the maker), counted, and its maker told. */
  async completeUpload(token: string, uploadId: string): Promise<ReceivedFile> {
    const request = await this.usable(token);
    const pending = await this.requests.pendingUpload(request.id, uploadId);
    if (!pending) throw notFound(FileRequestRefusal.UploadNotFound);
    const file = await this.services.request(FilesSubject.CompleteUpload, { uploadId }, { caller: this.makerOf(request) });
    await this.unit.run(async () => {
      if (!(await this.requests.received(request.id, uploadId, file.id))) return;
      await this.bus.record(FileRequestEvent.FileReceived, {
        accountId: request.accountId,
        // On the maker's behalf: the visitor has no account.
        actorId: request.createdByUserId,
        payload: {
          requestId: request.id,
          userId: request.createdByUserId,
          fileId: file.id,
          fileName: file.name,
          folderName: request.folderName,
          size: file.size,
        },
      });
    });
    return { name: pending.name, size: file.size };
  }
}
