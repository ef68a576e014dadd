import { z } from 'zod';
import { brandingSchema } from './account.js';
import { createUploadSchema, newUploadSchema, uploadIdSchema, uploadPartsReplySchema, uploadPartsRequestSchema } from './files.js';
import { message } from './messages.js';
import { createShareSchema } from './sharing.js';
import { isoDateTime, nameText, okReplySchema } from './text.js';

/**
 * File requests (product decisions "Sharing outside the company"): an upload-only link to a folder of
 * the maker's (My files, or a team folder they may edit). Anyone with it sends files in, and sees nothing
 * of the folder; each file counts against the account and is "added by" the request's maker, who is told
 * of each one. An optional expiry (hasLinkExpiry, as links) and a cap on each file's size.
 */
export const FileRequestSubject = {
  CreateFileRequest: 'sharing.request.create',
  ListFileRequests: 'sharing.request.list',
  RevokeFileRequest: 'sharing.request.revoke',
  /** The public page: who asks, for which folder's name, with which limits (no sign-in; the token is the proof). */
  OpenFileRequest: 'sharing.request.page',
  /** A visitor's file: a slot to PUT its bytes to, or (over MULTIPART_THRESHOLD_BYTES) a multipart upload. */
  StartRequestUpload: 'sharing.request.upload',
  /** Presigned URLs for parts of a visitor's multipart upload (the request still open). */
  RequestUploadParts: 'sharing.request.parts',
  /** A visitor drops their unfinished upload: nothing of it is kept, its reservation freed. */
  CancelRequestUpload: 'sharing.request.cancel',
  /** A visitor's file, sent: it becomes a file in the folder. */
  CompleteRequestUpload: 'sharing.request.complete',
} as const;

export const FileRequestEvent = {
  /** A visitor sent a file through a request: its maker is told (in the app, and by email per their switch). */
  FileReceived: 'events.sharing.request.file-received',
  Created: 'events.sharing.request.created',
  Revoked: 'events.sharing.request.revoked',
} as const;

/** The public page of a file request, in the app (a shell route needing no sign-in). */
export const FILE_REQUEST_PAGE_PATH = '/r/';
export const FILE_REQUEST_NOT_FOUND = 'This file request does not exist or was turned off by its owner.';
export const FileRequestRefusal = {
  Expired: 'This file request has expired',
  TooLarge: (max: string) => `This file is larger than this request allows (${max})`,
  UploadNotFound: 'Upload not found',
  /** The rate limit on starting uploads through one request (FILE_REQUEST_UPLOADS_PER_MINUTE). */
  TooManyUploads: (seconds: number) =>
    `Too many files were sent through this request in the last minute. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  /** The rate limit on starting uploads through any request from one address (FILE_REQUEST_UPLOADS_PER_ADDRESS_PER_MINUTE). */
  TooManyUploadsFromAddress: (seconds: number) =>
    `Too many files were sent from your network in the last minute. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
} as const;
export const FILE_REQUEST_EXPIRY_NEEDS_PLAN = 'File request expiry is available on the Pro and Enterprise plans.';

export const fileRequestTokenSchema = z.string({ error: FILE_REQUEST_NOT_FOUND }).regex(/^[A-Za-z0-9_-]{43}$/, FILE_REQUEST_NOT_FOUND);
export const fileRequestTokenParamsSchema = z.object({ token: fileRequestTokenSchema });

/** The largest size cap a request takes: the largest file any plan accepts (10 GB); the maker's plan's own limit applies too. */
export const FILE_REQUEST_MAX_CAP_BYTES = 10 * 1024 ** 3;
const MAX_BYTES_MESSAGE = `The size cap must be a whole number of bytes from 1 to ${FILE_REQUEST_MAX_CAP_BYTES}`;
export const createFileRequestSchema = z.object({
  /** "root" (My files) or a folder's id. */
  folderId: createUploadSchema.shape.folderId,
  title: nameText('The title is too long').trim().max(200, 'The title is too long').default(''),
  expiresInDays: createShareSchema.shape.expiresInDays,
  maxBytes: z
    .number({ error: MAX_BYTES_MESSAGE })
    .int(MAX_BYTES_MESSAGE)
    .min(1, MAX_BYTES_MESSAGE)
    .max(FILE_REQUEST_MAX_CAP_BYTES, MAX_BYTES_MESSAGE)
    .nullish()
    .transform((v) => v ?? null),
});
export type CreateFileRequestInput = z.input<typeof createFileRequestSchema>;

export const fileRequestItemSchema = z.object({
  id: z.uuid(),
  folderId: z.string(),
  folderName: z.string(),
  title: z.string(),
  expiresAt: isoDateTime().nullable(),
  maxBytes: z.number().int().nullable(),
  uploadCount: z.number().int().min(0),
  createdAt: isoDateTime(),
});
export type FileRequestItem = z.output<typeof fileRequestItemSchema>;
export const createdFileRequestSchema = fileRequestItemSchema.extend({ token: fileRequestTokenSchema, url: z.string() });
export type CreatedFileRequest = z.output<typeof createdFileRequestSchema>;
export const listFileRequestsReplySchema = z.object({ items: z.array(fileRequestItemSchema) });
export type ListFileRequestsReply = z.output<typeof listFileRequestsReplySchema>;
export const fileRequestIdSchema = z.object({ requestId: z.uuid({ error: 'File request not found' }) });

/** The public page: who asks for files, in their branding; never what the folder holds. */
export const fileRequestPageSchema = z.object({
  requestedByName: z.string(),
  title: z.string(),
  branding: brandingSchema,
  /** The largest file it takes: its own cap, within the maker's plan's largest file. */
  maxBytes: z.number().int(),
  expiresAt: isoDateTime().nullable(),
});
export type FileRequestPage = z.output<typeof fileRequestPageSchema>;

export const startRequestUploadSchema = createUploadSchema.pick({ name: true, size: true, mimeType: true });
export type StartRequestUploadInput = z.input<typeof startRequestUploadSchema>;
export const requestUploadIdSchema = uploadIdSchema;
/** What a visitor learns of a file they sent: its name and size as they sent it, nothing of the folder. */
export const receivedFileSchema = z.object({ name: z.string(), size: z.number().int().min(0) });
export type ReceivedFile = z.output<typeof receivedFileSchema>;

export interface FileReceived {
  requestId: string;
  /** The request's maker: told of each file. */
  userId: string;
  fileId: string;
  fileName: string;
  folderName: string;
  size: number;
}
export interface FileRequestChanged {
  request: FileRequestItem;
}
export interface FileRequestEvents {
  [FileRequestEvent.FileReceived]: FileReceived;
  [FileRequestEvent.Created]: FileRequestChanged;
  [FileRequestEvent.Revoked]: FileRequestChanged;
}

export const fileRequestRequests = {
  [FileRequestSubject.CreateFileRequest]: message(createFileRequestSchema, createdFileRequestSchema),
  [FileRequestSubject.ListFileRequests]: message(z.object({}), listFileRequestsReplySchema),
  [FileRequestSubject.RevokeFileRequest]: message(fileRequestIdSchema, okReplySchema),
  [FileRequestSubject.OpenFileRequest]: message(fileRequestTokenParamsSchema, fileRequestPageSchema),
  [FileRequestSubject.StartRequestUpload]: message(fileRequestTokenParamsSchema.extend(startRequestUploadSchema.shape), newUploadSchema),
  [FileRequestSubject.RequestUploadParts]: message(
    fileRequestTokenParamsSchema.extend(requestUploadIdSchema.shape).extend(uploadPartsRequestSchema.shape),
    uploadPartsReplySchema,
  ),
  [FileRequestSubject.CancelRequestUpload]: message(fileRequestTokenParamsSchema.extend(requestUploadIdSchema.shape), okReplySchema),
  [FileRequestSubject.CompleteRequestUpload]: message(fileRequestTokenParamsSchema.extend(requestUploadIdSchema.shape), receivedFileSchema),
};
