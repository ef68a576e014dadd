import { Controller, Inject } from '@nestjs/common';
import { FilesSubject, type CallerIdentity, type ReceivedPayload } from '@coffer/contracts';
import { Caller, Handles, Received } from '@coffer/server-core';
import { UploadsService } from './uploads.service.js';

/** Upload slots and their confirmation, forwarded to UploadsService. */
@Controller()
export class UploadsHandler {
  constructor(@Inject(UploadsService) private readonly uploads: UploadsService) {}

  @Handles(FilesSubject.CreateUpload)
  create(@Caller() caller: CallerIdentity, @Received(FilesSubject.CreateUpload) p: ReceivedPayload<typeof FilesSubject.CreateUpload>) {
    return this.uploads.create(caller, p);
  }

  @Handles(FilesSubject.CompleteUpload)
  complete(@Caller() caller: CallerIdentity, @Received(FilesSubject.CompleteUpload) p: ReceivedPayload<typeof FilesSubject.CompleteUpload>) {
    return this.uploads.complete(caller, p.uploadId);
  }
}
