import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { z } from 'zod';
import {
  AuthEvent,
  completeUploadSchema,
  createFolderSchema,
  createUploadSchema,
  fileIdSchema,
  fileLinkSchema,
  FilesSubject,
  getFolderSchema,
  listFilesRequestSchema,
  moveFileSchema,
  type CallerIdentity,
  type UserRegistered,
} from '@coffer/contracts';
import { Caller, EventBus, ZodPayloadPipe } from '@coffer/server-core';
import { FilesService } from './files.service.js';

const pipe = <S extends z.ZodType>(schema: S) => new ZodPayloadPipe(schema);

/** NATS requests and domain events of the files service, forwarded to FilesService. */
@Controller()
export class FilesHandler implements OnModuleInit {
  constructor(
    @Inject(FilesService) private readonly files: FilesService,
    @Inject(EventBus) private readonly bus: EventBus,
  ) {}

  onModuleInit() {
    this.bus.on<UserRegistered>(AuthEvent.UserRegistered, (event, tx) => this.files.createDefaultFolders(event.payload, tx));
  }

  @MessagePattern(FilesSubject.ListFiles)
  list(@Caller() caller: CallerIdentity, @Payload(pipe(listFilesRequestSchema)) p: z.output<typeof listFilesRequestSchema>) {
    return this.files.list(caller, p);
  }

  @MessagePattern(FilesSubject.ListFolders)
  folders(@Caller() caller: CallerIdentity) {
    return this.files.folders(caller);
  }

  @MessagePattern(FilesSubject.GetFolder)
  folder(@Caller() caller: CallerIdentity, @Payload(pipe(getFolderSchema)) p: z.output<typeof getFolderSchema>) {
    return this.files.folderPath(caller, p.folderId);
  }

  @MessagePattern(FilesSubject.CreateFolder)
  createFolder(@Caller() caller: CallerIdentity, @Payload(pipe(createFolderSchema)) p: z.output<typeof createFolderSchema>) {
    return this.files.createFolder(caller, p.name, p.parentId);
  }

  @MessagePattern(FilesSubject.CreateUpload)
  createUpload(@Caller() caller: CallerIdentity, @Payload(pipe(createUploadSchema)) p: z.output<typeof createUploadSchema>) {
    return this.files.createUpload(caller, p);
  }

  @MessagePattern(FilesSubject.CompleteUpload)
  completeUpload(@Caller() caller: CallerIdentity, @Payload(pipe(completeUploadSchema)) p: z.output<typeof completeUploadSchema>) {
    return this.files.completeUpload(caller, p.uploadId);
  }

  @MessagePattern(FilesSubject.MoveFile)
  move(@Caller() caller: CallerIdentity, @Payload(pipe(moveFileSchema)) p: z.output<typeof moveFileSchema>) {
    return this.files.move(caller, p.fileId, p.folderId);
  }

  @MessagePattern(FilesSubject.TrashFile)
  trash(@Caller() caller: CallerIdentity, @Payload(pipe(fileIdSchema)) p: z.output<typeof fileIdSchema>) {
    return this.files.trash(caller, p.fileId);
  }

  @MessagePattern(FilesSubject.RestoreFile)
  restore(@Caller() caller: CallerIdentity, @Payload(pipe(fileIdSchema)) p: z.output<typeof fileIdSchema>) {
    return this.files.restore(caller, p.fileId);
  }

  @MessagePattern(FilesSubject.DeleteFile)
  async deleteForever(@Caller() caller: CallerIdentity, @Payload(pipe(fileIdSchema)) p: z.output<typeof fileIdSchema>) {
    await this.files.deleteForever(caller, p.fileId);
    return { ok: true };
  }

  @MessagePattern(FilesSubject.EmptyTrash)
  emptyTrash(@Caller() caller: CallerIdentity) {
    return this.files.emptyTrash(caller);
  }

  @MessagePattern(FilesSubject.FileLink)
  link(@Caller() caller: CallerIdentity, @Payload(pipe(fileLinkSchema)) p: z.output<typeof fileLinkSchema>) {
    return this.files.link(caller, p.fileId, p.disposition);
  }

  @MessagePattern(FilesSubject.GetFile)
  file(@Caller() caller: CallerIdentity, @Payload(pipe(fileIdSchema)) p: z.output<typeof fileIdSchema>) {
    return this.files.file(caller, p.fileId);
  }

  @MessagePattern(FilesSubject.StorageUsage)
  usage(@Caller() caller: CallerIdentity) {
    return this.files.usage(caller);
  }
}
