import { Body, Controller, Delete, Get, HttpCode, Inject, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import {
  FilesSubject,
  type CallerIdentity,
  type FileItem,
  type FileLink,
  type FolderPath,
  type ListFilesReply,
  type ListFoldersReply,
  type StorageUsage,
  type UploadSlot,
} from '@coffer/contracts';
import { ServiceClient } from '../common/service-client.js';
import { CurrentCaller } from '../identity/caller.js';
import { FileLinkQuery, ListFilesQuery } from './files.dto.js';

type JsonBody = Record<string, unknown>;
const uuid = new ParseUUIDPipe();

/** Files, folders, uploads, trash and storage: forwarded to the files service, which checks ownership and limits. */
@Controller()
export class FilesController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get('files')
  list(@CurrentCaller() caller: CallerIdentity, @Query() query: ListFilesQuery): Promise<ListFilesReply> {
    return this.services.request(FilesSubject.ListFiles, query, caller);
  }

  @Get('folders')
  folders(@CurrentCaller() caller: CallerIdentity): Promise<ListFoldersReply> {
    return this.services.request(FilesSubject.ListFolders, {}, caller);
  }

  @Get('folders/:id')
  folder(@CurrentCaller() caller: CallerIdentity, @Param('id', uuid) folderId: string): Promise<FolderPath> {
    return this.services.request(FilesSubject.GetFolder, { folderId }, caller);
  }

  @Post('folders')
  @HttpCode(201)
  createFolder(@CurrentCaller() caller: CallerIdentity, @Body() body: JsonBody): Promise<FileItem> {
    return this.services.request(FilesSubject.CreateFolder, { name: body.name, parentId: body.parentId }, caller);
  }

  @Post('uploads')
  @HttpCode(201)
  createUpload(@CurrentCaller() caller: CallerIdentity, @Body() body: JsonBody): Promise<UploadSlot> {
    return this.services.request(FilesSubject.CreateUpload, { name: body.name, size: body.size, mimeType: body.mimeType, folderId: body.folderId }, caller);
  }

  @Post('uploads/:id/complete')
  @HttpCode(201)
  completeUpload(@CurrentCaller() caller: CallerIdentity, @Param('id', uuid) uploadId: string): Promise<FileItem> {
    return this.services.request(FilesSubject.CompleteUpload, { uploadId }, caller);
  }

  @Patch('files/:id')
  move(@CurrentCaller() caller: CallerIdentity, @Param('id', uuid) fileId: string, @Body() body: JsonBody): Promise<FileItem> {
    return this.services.request(FilesSubject.MoveFile, { fileId, folderId: body.folderId }, caller);
  }

  @Post('files/:id/trash')
  @HttpCode(200)
  trash(@CurrentCaller() caller: CallerIdentity, @Param('id', uuid) fileId: string): Promise<FileItem> {
    return this.services.request(FilesSubject.TrashFile, { fileId }, caller);
  }

  @Post('files/:id/restore')
  @HttpCode(200)
  restore(@CurrentCaller() caller: CallerIdentity, @Param('id', uuid) fileId: string): Promise<FileItem> {
    return this.services.request(FilesSubject.RestoreFile, { fileId }, caller);
  }

  @Delete('files/:id')
  @HttpCode(204)
  async deleteForever(@CurrentCaller() caller: CallerIdentity, @Param('id', uuid) fileId: string) {
    await this.services.request(FilesSubject.DeleteFile, { fileId }, caller);
  }

  @Delete('trash')
  emptyTrash(@CurrentCaller() caller: CallerIdentity): Promise<{ deleted: number }> {
    return this.services.request(FilesSubject.EmptyTrash, {}, caller);
  }

  @Get('files/:id/link')
  link(@CurrentCaller() caller: CallerIdentity, @Param('id', uuid) fileId: string, @Query() query: FileLinkQuery): Promise<FileLink> {
    return this.services.request(FilesSubject.FileLink, { fileId, disposition: query.disposition ?? 'inline' }, caller);
  }

  @Get('storage/usage')
  usage(@CurrentCaller() caller: CallerIdentity): Promise<StorageUsage> {
    return this.services.request(FilesSubject.StorageUsage, {}, caller);
  }
}
