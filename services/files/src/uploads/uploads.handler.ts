import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { FilesSubject } from '@coffer/contracts';
import { RpcRouter } from '@coffer/server-core';
import { UploadsService } from './uploads.service.js';

/** Upload slots, multipart uploads' parts, cancelling, and confirmation, forwarded to UploadsService. */
@Controller()
export class UploadsHandler implements OnModuleInit {
  constructor(
    @Inject(UploadsService) private readonly uploads: UploadsService,
    @Inject(RpcRouter) private readonly rpc: RpcRouter,
  ) {}

  onModuleInit() {
    this.rpc.handle(FilesSubject.CreateUpload, ({ caller, payload }) => this.uploads.create(caller, payload));
    this.rpc.handle(FilesSubject.ListUploads, ({ caller }) => this.uploads.list(caller));
    this.rpc.handle(FilesSubject.UploadParts, ({ caller, payload }) => this.uploads.parts(caller, payload.uploadId, payload.partNumbers));
    this.rpc.handle(FilesSubject.CancelUpload, ({ caller, payload }) => this.uploads.cancel(caller, payload.uploadId));
    this.rpc.handle(FilesSubject.CompleteUpload, ({ caller, payload }) => this.uploads.complete(caller, payload.uploadId));
  }
}
