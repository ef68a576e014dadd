import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { BULK_ITEMS_MAX, BulkActionSubject, bulkItemsSchema, bulkMoveSchema, bulkReplySchema, type RequestMeta } from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { ValidBody, type Valid } from '../api/validation.js';
import { Meta } from '../identity/caller.js';

const eachItem = `Each item is decided on its own, by your access where it is: the answer lists those done and those refused, each with why. At most ${BULK_ITEMS_MAX.toLocaleString('en-US')} items`;

/**
 * Actions on a selection of files and folders, one request for the whole selection: forwarded to the files service,
 * which decides each item. Registered before FilesController, so "bulk" is never read as a file's id.
 */
@Controller('files/bulk')
export class BulkActionsController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Post('move')
  @HttpCode(200)
  @ApiDoc({
    summary: `Move a selection into one folder ("root": My files); next to an item of the same name one becomes "Name (1)". ${eachItem}`,
    reply: bulkReplySchema,
  })
  move(@Meta() meta: RequestMeta, @ValidBody(bulkMoveSchema) body: Valid<typeof bulkMoveSchema>) {
    return this.services.request(BulkActionSubject.Move, body, meta);
  }

  @Post('trash')
  @HttpCode(200)
  @ApiDoc({ summary: `Move a selection to the trash (a folder only once it holds nothing). ${eachItem}`, reply: bulkReplySchema })
  trash(@Meta() meta: RequestMeta, @ValidBody(bulkItemsSchema) body: Valid<typeof bulkItemsSchema>) {
    return this.services.request(BulkActionSubject.Trash, body, meta);
  }

  @Post('restore')
  @HttpCode(200)
  @ApiDoc({ summary: `Bring a selection back from the trash. ${eachItem}`, reply: bulkReplySchema })
  restore(@Meta() meta: RequestMeta, @ValidBody(bulkItemsSchema) body: Valid<typeof bulkItemsSchema>) {
    return this.services.request(BulkActionSubject.Restore, body, meta);
  }

  @Post('delete')
  @HttpCode(200)
  @ApiDoc({ summary: `Delete a selection of trashed items for good. ${eachItem}`, reply: bulkReplySchema })
  deleteForever(@Meta() meta: RequestMeta, @ValidBody(bulkItemsSchema) body: Valid<typeof bulkItemsSchema>) {
    return this.services.request(BulkActionSubject.Delete, body, meta);
  }
}
