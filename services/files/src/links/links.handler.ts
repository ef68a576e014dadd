import { Controller, Inject } from '@nestjs/common';
import { FilesSubject, type CallerIdentity, type ReceivedPayload } from '@coffer/contracts';
import { Caller, Handles, Received } from '@coffer/server-core';
import { LinksService } from './links.service.js';

/** Signed links to a file, forwarded to LinksService. */
@Controller()
export class LinksHandler {
  constructor(@Inject(LinksService) private readonly links: LinksService) {}

  @Handles(FilesSubject.FileLink)
  link(@Caller() caller: CallerIdentity, @Received() p: ReceivedPayload<typeof FilesSubject.FileLink>) {
    return this.links.link(caller, p.fileId, p.disposition, p.viaShare);
  }
}
