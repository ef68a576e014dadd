import { Controller, Get, Inject, Query } from '@nestjs/common';
import { FilesSubject, type CallerIdentity, type ListFilesReply } from '@coffer/contracts';
import { ServiceClient } from '../common/service-client.js';
import { CurrentCaller } from '../identity/caller.js';
import { ListFilesQuery } from './files.dto.js';

@Controller('files')
export class FilesController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Get()
  list(@CurrentCaller() caller: CallerIdentity, @Query() query: ListFilesQuery): Promise<ListFilesReply> {
    return this.services.request(FilesSubject.ListFiles, query, caller);
  }
}
