import { Controller, Delete, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { createdFileRequestSchema, createFileRequestSchema, FileRequestSubject, listFileRequestsReplySchema, type RequestMeta } from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { idParams, ValidBody, ValidParams, type IdParams, type Valid } from '../api/validation.js';
import { Meta } from '../identity/caller.js';

const requestParams = idParams('File request not found');

/** The maker's file requests (upload-only links to a folder): forwarded to the sharing service, which asks files whether they may add there. */
@Controller('file-requests')
export class FileRequestsController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Post()
  @HttpCode(201)
  @ApiDoc({
    summary:
      'Ask anyone with a link to send files into My files or a folder you may add to, with an optional expiry (Pro and Enterprise) and a size cap per file; they see nothing of the folder. Its address is answered this once',
    reply: createdFileRequestSchema,
    errors: { 403: 'Links are not allowed by the sharing policy, or the plan does not include expiry', 404: 'No such folder you may add to' },
  })
  create(@Meta() meta: RequestMeta, @ValidBody(createFileRequestSchema) body: Valid<typeof createFileRequestSchema>) {
    return this.services.request(FileRequestSubject.CreateFileRequest, body, meta);
  }

  @Get()
  @ApiDoc({ summary: 'Your file requests, newest first, with the files each has received', reply: listFileRequestsReplySchema })
  list(@Meta() meta: RequestMeta) {
    return this.services.request(FileRequestSubject.ListFileRequests, {}, meta);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiDoc({ summary: 'Turn a file request off at once (its maker, or the account owner, admins and moderators); the files it received stay' })
  async revoke(@Meta() meta: RequestMeta, @ValidParams(requestParams) params: IdParams) {
    await this.services.request(FileRequestSubject.RevokeFileRequest, { requestId: params.id }, meta);
  }
}
