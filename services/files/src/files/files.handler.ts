import { Controller, Inject } from '@nestjs/common';
import { FilesSubject, type CallerIdentity, type ReceivedPayload } from '@coffer/contracts';
import { Caller, Handles, Received } from '@coffer/server-core';
import { FilesService } from './files.service.js';

/** The file browser's lists, one file, and moving a file, forwarded to FilesService. */
@Controller()
export class FilesHandler {
  constructor(@Inject(FilesService) private readonly files: FilesService) {}

  @Handles(FilesSubject.ListFiles)
  list(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof FilesSubject.ListFiles>) {
    return this.files.list(caller, p);
  }

  @Handles(FilesSubject.GetFile)
  file(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof FilesSubject.GetFile>) {
    return this.files.file(caller, p.fileId);
  }

  @Handles(FilesSubject.MoveFile)
  move(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof FilesSubject.MoveFile>) {
    return this.files.move(caller, p.fileId, p.folderId);
  }
}
