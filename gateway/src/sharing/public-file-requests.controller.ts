import { Controller, Delete, Get, HttpCode, Inject, Post } from '@nestjs/common';
import {
  FileRequestSubject,
  fileRequestPageSchema,
  fileRequestTokenParamsSchema,
  newUploadSchema,
  receivedFileSchema,
  requestUploadIdSchema,
  startRequestUploadSchema,
  uploadPartsReplySchema,
  uploadPartsRequestSchema,
  type RequestMeta,
} from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { ValidBody, ValidParams, type Valid } from '../api/validation.js';
import { Meta, Public } from '../identity/caller.js';

const uploadParams = fileRequestTokenParamsSchema.extend(requestUploadIdSchema.shape);
const REFUSALS = { 403: 'Expired, or turned off by the sharing policy', 404: 'No such file request, or turned off' };

/** A file request's public side, for anyone holding its token (no sign-in): the page and the uploads. Nothing of the folder is ever answered. */
@Controller('public-file-requests')
export class PublicFileRequestsController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Public()
  @Get(':token')
  @ApiDoc({
    summary: "A file request's public page: who asks for files, in their branding, and the largest file it takes",
    reply: fileRequestPageSchema,
    errors: REFUSALS,
  })
  page(@Meta() meta: RequestMeta, @ValidParams(fileRequestTokenParamsSchema) params: Valid<typeof fileRequestTokenParamsSchema>) {
    return this.services.request(FileRequestSubject.OpenFileRequest, { token: params.token }, meta);
  }

  @Public()
  @Post(':token/uploads')
  @HttpCode(201)
  @ApiDoc({
    summary:
      "Send a file through a file request: where to PUT its bytes (within its declared size), or over 16 MB a multipart upload; its size is reserved against the request maker's account",
    reply: newUploadSchema,
    errors: {
      ...REFUSALS,
      413: "Over the request's size cap, the plan's largest file, or the account's storage",
      429: 'Too many uploads started through this request, or from this address, in the last minute: the message and Retry-After say when to try again',
    },
  })
  start(
    @Meta() meta: RequestMeta,
    @ValidParams(fileRequestTokenParamsSchema) params: Valid<typeof fileRequestTokenParamsSchema>,
    @ValidBody(startRequestUploadSchema) body: Valid<typeof startRequestUploadSchema>,
  ) {
    return this.services.request(FileRequestSubject.StartRequestUpload, { token: params.token, ...body }, meta);
  }

  @Public()
  @Post(':token/uploads/:uploadId/parts')
  @HttpCode(200)
  @ApiDoc({
    summary: 'Presigned URLs for parts of a multipart upload sent through a file request (at most 100 at once), while the request is open',
    reply: uploadPartsReplySchema,
    errors: { ...REFUSALS, 404: 'No such file request, or an upload it did not hand out' },
  })
  parts(
    @Meta() meta: RequestMeta,
    @ValidParams(uploadParams) params: Valid<typeof uploadParams>,
    @ValidBody(uploadPartsRequestSchema) body: Valid<typeof uploadPartsRequestSchema>,
  ) {
    return this.services.request(FileRequestSubject.RequestUploadParts, { token: params.token, uploadId: params.uploadId, ...body }, meta);
  }

  @Public()
  @Delete(':token/uploads/:uploadId')
  @HttpCode(204)
  @ApiDoc({
    summary: 'Cancel an unfinished upload sent through a file request: nothing of it is kept, and its reservation is freed',
    errors: { 404: 'No such file request, or an unfinished upload it did not hand out' },
  })
  async cancel(@Meta() meta: RequestMeta, @ValidParams(uploadParams) params: Valid<typeof uploadParams>) {
    await this.services.request(FileRequestSubject.CancelRequestUpload, { token: params.token, uploadId: params.uploadId }, meta);
  }

  @Public()
  @Post(':token/uploads/:uploadId/complete')
  @HttpCode(200)
  @ApiDoc({
    summary: "The file's bytes are sent: it becomes a file in the request's folder and its maker is told; answers only the name and size sent",
    reply: receivedFileSchema,
    errors: { ...REFUSALS, 413: "Over the plan's largest file or the account's storage" },
  })
  complete(@Meta() meta: RequestMeta, @ValidParams(uploadParams) params: Valid<typeof uploadParams>) {
    return this.services.request(FileRequestSubject.CompleteRequestUpload, { token: params.token, uploadId: params.uploadId }, meta);
  }
}
