import { Controller, Inject } from '@nestjs/common';
import { FilesSubject, type CallerIdentity } from '@coffer/contracts';
import { Caller, Handles } from '@coffer/server-core';
import { StorageService } from './storage.service.js';

/** The storage meter, forwarded to StorageService. */
@Controller()
export class StorageHandler {
  constructor(@Inject(StorageService) private readonly storage: StorageService) {}

  @Handles(FilesSubject.StorageUsage)
  usage(@Caller() caller: CallerIdentity) {
    return this.storage.usage(caller);
  }
}
