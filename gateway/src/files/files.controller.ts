import { Controller, Delete, Get, HttpCode, Inject, Patch, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  createFolderSchema,
  createUploadSchema,
  emptyTrashReplySchema,
  ensureFolderPathsReplySchema,
  ensureFolderPathsSchema,
  fileItemSchema,
  fileLinkSchema,
  FilesSubject,
  fileVersionsSchema,
  VERSION_NOT_FOUND,
  folderPathSchema,
  linkDispositionSchema,
  listFilesReplySchema,
  listFilesRequestSchema,
  listFoldersReplySchema,
  listFoldersRequestSchema,
  moveFileSchema,
  renameFileSchema,
  listUploadsReplySchema,
  newUploadSchema,
  storageUsageSchema,
  memberStorageSchema,
  uploadPartsReplySchema,
  uploadPartsRequestSchema,
  thumbnailQuerySchema,
  type RequestMeta,
} from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { idParams, ValidBody, ValidParams, ValidQuery, type IdParams, type Valid } from '../api/validation.js';
import { z } from 'zod';
import { Meta } from '../identity/caller.js';

const fileParams = idParams('File not found');
const folderParams = idParams('Folder not found');
const uploadParams = idParams('Upload not found');
const versionParams = fileParams.extend({ versionId: z.uuid({ error: VERSION_NOT_FOUND }) });
type VersionParams = Valid<typeof versionParams>;

/** Files, folders, uploads, trash and storage: forwarded to the files service, which checks ownership and limits. */
@Controller()
export class FilesController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Get('files')
  @ApiDoc({
    summary: 'List a folder (yours, or one shared with you and folders in it), the trash, recent files or search results',
    reply: listFilesReplySchema,
  })
  list(@Meta() meta: RequestMeta, @ValidQuery(listFilesRequestSchema) query: Valid<typeof listFilesRequestSchema>) {
    return this.services.request(FilesSubject.ListFiles, query, meta);
  }

  @Get('folders')
  @ApiDoc({ summary: 'The folder pickers: folders whose name contains q, by name, each with its path, and how many match', reply: listFoldersReplySchema })
  folders(@Meta() meta: RequestMeta, @ValidQuery(listFoldersRequestSchema) query: Valid<typeof listFoldersRequestSchema>) {
    return this.services.request(FilesSubject.ListFolders, query, meta);
  }

  @Get('folders/:id')
  @ApiDoc({ summary: 'A folder and its path from the root (breadcrumbs); in a folder shared with you, from the shared folder', reply: folderPathSchema })
  folder(@Meta() meta: RequestMeta, @ValidParams(folderParams) params: IdParams) {
    return this.services.request(FilesSubject.GetFolder, { folderId: params.id }, meta);
  }

  @Post('folders')
  @HttpCode(201)
  @ApiDoc({ summary: 'Create a folder', reply: fileItemSchema })
  createFolder(@Meta() meta: RequestMeta, @ValidBody(createFolderSchema) body: Valid<typeof createFolderSchema>) {
    return this.services.request(FilesSubject.CreateFolder, body, meta);
  }

  @Post('folder-paths')
  @HttpCode(200)
  @ApiDoc({
    summary:
      'Make sure paths of folders exist under a folder (a folder upload): a folder of the same name there is reused (any case), the others are made; asking again changes nothing. Answers the last folder of each path, in order',
    reply: ensureFolderPathsReplySchema,
  })
  ensureFolderPaths(@Meta() meta: RequestMeta, @ValidBody(ensureFolderPathsSchema) body: Valid<typeof ensureFolderPathsSchema>) {
    return this.services.request(FilesSubject.EnsureFolderPaths, body, meta);
  }

  @Post('uploads')
  @HttpCode(201)
  @ApiDoc({
    summary: "Ask to upload a file, after the plan's largest-file and storage checks: a presigned PUT, or over 16 MB a multipart upload",
    reply: newUploadSchema,
  })
  createUpload(@Meta() meta: RequestMeta, @ValidBody(createUploadSchema) body: Valid<typeof createUploadSchema>) {
    return this.services.request(FilesSubject.CreateUpload, body, meta);
  }

  @Get('uploads')
  @ApiDoc({ summary: 'Your unfinished multipart uploads, with the parts already stored (to resume them)', reply: listUploadsReplySchema })
  listUploads(@Meta() meta: RequestMeta) {
    return this.services.request(FilesSubject.ListUploads, {}, meta);
  }

  @Post('uploads/:id/parts')
  @HttpCode(200)
  @ApiDoc({ summary: 'Presigned URLs for parts of a multipart upload (at most 100 at once)', reply: uploadPartsReplySchema })
  uploadParts(
    @Meta() meta: RequestMeta,
    @ValidParams(uploadParams) params: IdParams,
    @ValidBody(uploadPartsRequestSchema) body: Valid<typeof uploadPartsRequestSchema>,
  ) {
    return this.services.request(FilesSubject.UploadParts, { uploadId: params.id, ...body }, meta);
  }

  @Delete('uploads/:id')
  @HttpCode(204)
  @ApiDoc({ summary: 'Cancel an unfinished upload: nothing of it is kept' })
  async cancelUpload(@Meta() meta: RequestMeta, @ValidParams(uploadParams) params: IdParams) {
    await this.services.request(FilesSubject.CancelUpload, { uploadId: params.id }, meta);
  }

  @Post('uploads/:id/complete')
  @HttpCode(201)
  @ApiDoc({
    summary:
      'Record an uploaded file once its real size passes the same checks; a repeated confirmation by the same user (a lost reply) gets the file it became',
    reply: fileItemSchema,
  })
  completeUpload(@Meta() meta: RequestMeta, @ValidParams(uploadParams) params: IdParams) {
    return this.services.request(FilesSubject.CompleteUpload, { uploadId: params.id }, meta);
  }

  @Get('files/:id/thumbnail')
  @ApiDoc({
    summary:
      "A file's thumbnail (a WebP of at most 256 px, made after an image's or a PDF's upload, of a PDF's first page), for whoever may view the file; a list gives its version (thumbnail), which v repeats so browsers keep it privately",
    contentType: 'image/webp',
    errors: { 404: 'The file has no thumbnail (not an image or a PDF, not made yet, or it could not be made), or you cannot see the file' },
  })
  async thumbnail(
    @Meta() meta: RequestMeta,
    @ValidParams(fileParams) params: IdParams,
    @ValidQuery(thumbnailQuerySchema) _query: Valid<typeof thumbnailQuerySchema>,
    @Res() res: Response,
  ): Promise<void> {
    const { data, mimeType } = await this.services.request(FilesSubject.FileThumbnail, { fileId: params.id }, meta);
    res.setHeader('content-type', mimeType);
    // Private: only this browser keeps it, for an hour (a new version of the file has a new v).
    res.setHeader('cache-control', 'private, max-age=3600');
    res.setHeader('x-content-type-options', 'nosniff');
    res.send(Buffer.from(data, 'base64'));
  }

  @Patch('files/:id')
  @ApiDoc({
    summary:
      'Move a file, or a folder with everything in it, to another folder (never into itself or a folder inside it); next to an item of the same name it becomes "Name (1)"',
    reply: fileItemSchema,
  })
  move(@Meta() meta: RequestMeta, @ValidParams(fileParams) params: IdParams, @ValidBody(moveFileSchema) body: Valid<typeof moveFileSchema>) {
    return this.services.request(FilesSubject.MoveFile, { fileId: params.id, folderId: body.folderId }, meta);
  }

  @Post('files/:id/rename')
  @HttpCode(200)
  @ApiDoc({ summary: 'Rename a file or a folder where it is; a name another file (or folder) there has is refused', reply: fileItemSchema })
  rename(@Meta() meta: RequestMeta, @ValidParams(fileParams) params: IdParams, @ValidBody(renameFileSchema) body: Valid<typeof renameFileSchema>) {
    return this.services.request(FilesSubject.RenameFile, { fileId: params.id, name: body.name }, meta);
  }

  @Post('files/:id/trash')
  @HttpCode(200)
  @ApiDoc({ summary: 'Move a file or an empty folder to the trash', reply: fileItemSchema })
  trash(@Meta() meta: RequestMeta, @ValidParams(fileParams) params: IdParams) {
    return this.services.request(FilesSubject.TrashFile, { fileId: params.id }, meta);
  }

  @Post('files/:id/restore')
  @HttpCode(200)
  @ApiDoc({ summary: 'Bring an item back from the trash', reply: fileItemSchema })
  restore(@Meta() meta: RequestMeta, @ValidParams(fileParams) params: IdParams) {
    return this.services.request(FilesSubject.RestoreFile, { fileId: params.id }, meta);
  }

  @Delete('files/:id')
  @HttpCode(204)
  @ApiDoc({ summary: 'Delete a trashed item for good' })
  async deleteForever(@Meta() meta: RequestMeta, @ValidParams(fileParams) params: IdParams) {
    await this.services.request(FilesSubject.DeleteFile, { fileId: params.id }, meta);
  }

  @Delete('trash')
  @ApiDoc({ summary: 'Empty the trash', reply: emptyTrashReplySchema })
  emptyTrash(@Meta() meta: RequestMeta) {
    return this.services.request(FilesSubject.EmptyTrash, {}, meta);
  }

  @Get('files/:id/link')
  @ApiDoc({ summary: 'A signed link to view or download a file, valid 3600 s', reply: fileLinkSchema })
  link(@Meta() meta: RequestMeta, @ValidParams(fileParams) params: IdParams, @ValidQuery(linkDispositionSchema) query: Valid<typeof linkDispositionSchema>) {
    return this.services.request(FilesSubject.FileLink, { fileId: params.id, disposition: query.disposition }, meta);
  }

  @Get('files/:id/versions')
  @ApiDoc({
    summary:
      "A file's versions: its current bytes first, then the earlier ones kept (newest first), each with who uploaded it, when and its size; whether you may restore one",
    reply: fileVersionsSchema,
  })
  versions(@Meta() meta: RequestMeta, @ValidParams(fileParams) params: IdParams) {
    return this.services.request(FilesSubject.ListVersions, { fileId: params.id }, meta);
  }

  @Get('files/:id/versions/:versionId/link')
  @ApiDoc({ summary: 'A signed link to view or download an earlier version of a file, under its name, valid 3600 s (Can view)', reply: fileLinkSchema })
  versionLink(
    @Meta() meta: RequestMeta,
    @ValidParams(versionParams) params: VersionParams,
    @ValidQuery(linkDispositionSchema) query: Valid<typeof linkDispositionSchema>,
  ) {
    return this.services.request(FilesSubject.VersionLink, { fileId: params.id, versionId: params.versionId, disposition: query.disposition }, meta);
  }

  @Post('files/:id/versions/:versionId/restore')
  @HttpCode(200)
  @ApiDoc({
    summary: "Make an earlier version the file's bytes again; the bytes it had are kept as a version (Can edit)",
    reply: fileItemSchema,
    errors: { 403: 'You may only view this file' },
  })
  restoreVersion(@Meta() meta: RequestMeta, @ValidParams(versionParams) params: VersionParams) {
    return this.services.request(FilesSubject.RestoreVersion, { fileId: params.id, versionId: params.versionId }, meta);
  }

  @Get('storage/usage')
  @ApiDoc({ summary: "The account's storage used and its plan's limit", reply: storageUsageSchema })
  usage(@Meta() meta: RequestMeta) {
    return this.services.request(FilesSubject.StorageUsage, {}, meta);
  }

  @Get('storage/members')
  @ApiDoc({
    summary: 'The bytes each person of the account keeps in their My files, and each team folder holds, trash included, largest first (owner and admins)',
    reply: memberStorageSchema,
    errors: { 403: "Only the account owner and admins see each member's storage" },
  })
  memberUsage(@Meta() meta: RequestMeta) {
    return this.services.request(FilesSubject.StorageByMember, {}, meta);
  }
}
