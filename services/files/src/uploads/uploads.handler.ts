import { Controller, Inject } from '@nestjs/common';
import { FilesSubject, type CallerIdentity, type ReceivedPayload } from '@coffer/contracts';
import { Caller, Handles, Received } from '@coffer/server-core';
import { UploadsService } from './uploads.service.js';

/** Upload slots, multipart uploads' parts, cancelling, and confirmation, forwarded to UploadsService. */
@Controller()
export class UploadsHandler {
  constructor(@Inject(UploadsService) private readonly uploads: UploadsService) {}

  @Handles(FilesSubject.CreateUpload)
  create(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof FilesSubject.CreateUpload>) {
    return this.uploads.create(caller, p);
  }

  @Handles(FilesSubject.ListUploads)
  list(@Caller() caller: CallerIdentity) {
    return this.uploads.list(caller);
  }

  @Handles(FilesSubject.UploadParts)
  parts(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof FilesSubject.UploadParts>) {
    return this.uploads.parts(caller, p.uploadId, p.partNumbers);
  }

  @Handles(FilesSubject.CancelUpload)
  cancel(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof FilesSubject.CancelUpload>) {
    return this.uploads.cancel(caller, p.uploadId);
  }

  @Handles(FilesSubject.CompleteUpload)
  complete(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof FilesSubject.CompleteUpload>) {
    return this.uploads.complete(caller, p.uploadId);
  }
}
