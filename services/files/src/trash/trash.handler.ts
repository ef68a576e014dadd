import { Controller, Inject } from '@nestjs/common';
import { FilesSubject, type CallerIdentity, type ReceivedPayload } from '@coffer/contracts';
import { Caller, Handles, Received } from '@coffer/server-core';
import { TrashService } from './trash.service.js';

/** The trash's requests, forwarded to TrashService. */
@Controller()
export class TrashHandler {
  constructor(@Inject(TrashService) private readonly trash: TrashService) {}

  @Handles(FilesSubject.TrashFile)
  trashFile(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof FilesSubject.TrashFile>) {
    return this.trash.trash(caller, p.fileId);
  }

  @Handles(FilesSubject.RestoreFile)
  restore(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof FilesSubject.RestoreFile>) {
    return this.trash.restore(caller, p.fileId);
  }

  @Handles(FilesSubject.DeleteFile)
  deleteForever(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof FilesSubject.DeleteFile>) {
    return this.trash.deleteForever(caller, p.fileId);
  }

  @Handles(FilesSubject.EmptyTrash)
  empty(@Caller() caller: CallerIdentity) {
    return this.trash.empty(caller);
  }
}
