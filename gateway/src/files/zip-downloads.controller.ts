import { Controller, HttpCode, Inject, Logger, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  FilesSubject,
  ZIP_DOWNLOADS_PATH,
  zipDownloadRequestSchema,
  zipDownloadSchema,
  zipFormSchema,
  zipTicketParamsSchema,
  type RequestMeta,
  type ZipDownload,
} from '@coffer/contracts';
import { contentDisposition, ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { ValidBody, ValidParams, type Valid } from '../api/validation.js';
import { Meta, Public } from '../identity/caller.js';
import { zipItems, zipTo, type ZipPages } from './zip-stream.js';

/**
 * Folders and selections as one zip. The files service decides, item by item, what the person may have and signs a
 * download address for them; the browser posts the selection to it (a form, so a download of any size streams to
 * disk), and the gateway streams the zip as it reads each object from storage, a page of entries at a time.
 */
@Controller('downloads')
export class ZipDownloadsController {
  private readonly logger = new Logger(ZipDownloadsController.name);

  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Post()
  @HttpCode(200)
  @ApiDoc({
    summary:
      'Download files and folders as one zip: an address good once for 60 s, to which the browser posts the same `items` as a form (field `items`, the ids comma-separated). Items you cannot view are left out; items of a folder shared with you by email go in while the share allows it, each zip one access of that share',
    reply: zipDownloadSchema,
    errors: { 403: 'None of the items is yours to view' },
  })
  async create(@Meta() meta: RequestMeta, @ValidBody(zipDownloadRequestSchema) body: Valid<typeof zipDownloadRequestSchema>): Promise<ZipDownload> {
    const { ticket, expiresAt } = await this.services.request(FilesSubject.ZipTicket, { items: body.items }, meta);
    return { url: `${ZIP_DOWNLOADS_PATH}${ticket}`, expiresAt };
  }

  @Public()
  @Post(':ticket')
  @HttpCode(200)
  @ApiDoc({
    summary:
      "The zip of a download address from POST /downloads (or a folder link's Download all), for the same `items` (a form field, ids comma-separated), once: streamed as it is read, stored (no compression), ZIP64 when needed, folders as paths, names as they are (made unique in their folder). Items closed to the person meanwhile are left out",
    contentType: 'application/zip',
    errors: { 403: 'The address was used already, has expired, is for other items, or none of them is yours to view any more' },
  })
  async download(
    @Meta() meta: RequestMeta,
    @ValidParams(zipTicketParamsSchema) params: Valid<typeof zipTicketParamsSchema>,
    @ValidBody(zipFormSchema) body: Valid<typeof zipFormSchema>,
    @Res() res: Response,
  ): Promise<void> {
    const { walk, name } = await this.services.request(FilesSubject.OpenZip, { ticket: params.ticket, items: body.items }, meta);
    const pages: ZipPages = (folderId, after) => this.services.request(FilesSubject.ZipEntries, { walk, folderId, after }, meta);
    res.status(200);
    res.setHeader('content-type', 'application/zip');
    res.setHeader('content-disposition', contentDisposition('attachment', name));
    res.setHeader('cache-control', 'no-store');
    try {
      await zipTo(zipItems(pages), res);
    } catch (err) {
      // Under way already: the zip is cut short (the browser says the download failed), never completed wrongly.
      if (!res.writableEnded) this.logger.warn({ msg: 'A zip download stopped part way', error: String(err) });
      res.destroy();
    }
  }
}
