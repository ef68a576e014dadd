import { Controller, Delete, Get, HttpCode, Inject, Patch, Post } from '@nestjs/common';
import {
  createdLinkSchema,
  createLinkSchema,
  linkItemSchema,
  LinkSubject,
  listLinkAccessesReplySchema,
  listLinksReplySchema,
  listLinksSchema,
  updateLinkSchema,
  type RequestMeta,
} from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { idParams, ValidBody, ValidParams, ValidQuery, type IdParams, type Valid } from '../api/validation.js';
import { Meta } from '../identity/caller.js';

const linkParams = idParams('Link not found');

/** The sharer's links ("Anyone with the link"): forwarded to the sharing service, which checks ownership and plan. */
@Controller('links')
export class LinksController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Post()
  @HttpCode(201)
  @ApiDoc({
    summary:
      'Make a link to one of your files for anyone who has it, with an optional password (paid plans), expiry, download limit and IP allow-list (Pro and Enterprise); its address is answered this once',
    reply: createdLinkSchema,
  })
  create(@Meta() meta: RequestMeta, @ValidBody(createLinkSchema) body: Valid<typeof createLinkSchema>) {
    return this.services.request(LinkSubject.CreateLink, body, meta);
  }

  @Get()
  @ApiDoc({ summary: "Your links to one file, with each one's restrictions, opens and downloads", reply: listLinksReplySchema })
  list(@Meta() meta: RequestMeta, @ValidQuery(listLinksSchema) query: Valid<typeof listLinksSchema>) {
    return this.services.request(LinkSubject.ListLinks, query, meta);
  }

  @Patch(':id')
  @ApiDoc({ summary: "Change your link's password or restrictions (a field left out stays; null removes it)", reply: linkItemSchema })
  update(@Meta() meta: RequestMeta, @ValidParams(linkParams) params: IdParams, @ValidBody(updateLinkSchema) body: Valid<typeof updateLinkSchema>) {
    return this.services.request(LinkSubject.UpdateLink, { linkId: params.id, ...body }, meta);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiDoc({ summary: 'Turn a link off: its page, views and downloads end at once (its maker, or the account owner and admins)' })
  async revoke(@Meta() meta: RequestMeta, @ValidParams(linkParams) params: IdParams) {
    await this.services.request(LinkSubject.RevokeLink, { linkId: params.id }, meta);
  }

  @Get(':id/accesses')
  @ApiDoc({ summary: "Your link's page opens, views and downloads (when, client IP), newest first; its maker only", reply: listLinkAccessesReplySchema })
  accesses(@Meta() meta: RequestMeta, @ValidParams(linkParams) params: IdParams) {
    return this.services.request(LinkSubject.ListLinkAccesses, { linkId: params.id }, meta);
  }
}
