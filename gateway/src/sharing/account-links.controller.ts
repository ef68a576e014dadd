import { Controller, Get, Inject, Logger, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  ACCOUNT_LINKS_CSV_COLUMNS,
  ACCOUNT_LINKS_PAGE_MAX,
  AccountLinksSubject,
  accountLinkCsvCells,
  accountLinksQuerySchema,
  listAccountLinksReplySchema,
  type RequestMeta,
} from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { ValidQuery, type Valid } from '../api/validation.js';
import { streamCsv } from '../common/csv.js';
import { Meta } from '../identity/caller.js';

const MEMBERS_REFUSED = { 403: 'Not the owner or an admin of the account' };

/** Every active link and file request of the account (owner and admins): a page as JSON, or all of them as CSV. */
@Controller('account-links')
export class AccountLinksController {
  private readonly logger = new Logger(AccountLinksController.name);

  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Get()
  @ApiDoc({
    summary:
      "The account's active links and file requests, newest first (owner and admins): what each reaches, who made it, when, its expiry, restrictions, opens, downloads and files received; `next` reads the page after",
    reply: listAccountLinksReplySchema,
    errors: MEMBERS_REFUSED,
  })
  list(@Meta() meta: RequestMeta, @ValidQuery(accountLinksQuerySchema) query: Valid<typeof accountLinksQuerySchema>) {
    return this.services.request(AccountLinksSubject.ListAccountLinks, { after: query.after, limit: query.limit }, meta);
  }

  @Get('export')
  @ApiDoc({
    summary:
      "Every active link and file request of the account as a CSV download (owner and admins), streamed a page at a time; a cell that would start a spreadsheet formula (= + - @) starts with '",
    contentType: 'text/csv',
    errors: MEMBERS_REFUSED,
  })
  async export(@Meta() meta: RequestMeta, @Res() res: Response): Promise<void> {
    const page = (after?: string) => this.services.request(AccountLinksSubject.ListAccountLinks, { after, limit: ACCOUNT_LINKS_PAGE_MAX }, meta);
    // The first page is asked before anything is sent, so a refusal is still a JSON error.
    await streamCsv(res, {
      fileName: `coffer-links-${new Date().toISOString().slice(0, 10)}.csv`,
      columns: ACCOUNT_LINKS_CSV_COLUMNS,
      first: await page(),
      next: page,
      cells: accountLinkCsvCells,
      logger: this.logger,
    });
  }
}
