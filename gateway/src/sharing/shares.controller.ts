import { Controller, Delete, Get, HttpCode, Inject, Post } from '@nestjs/common';
import {
  addressLinkSchema,
  confirmAddressSchema,
  createShareSchema,
  okReplySchema,
  linkDispositionSchema,
  listShareAccessesQuerySchema,
  listShareAccessesReplySchema,
  listSharesReplySchema,
  listSharesSchema,
  shareItemSchema,
  shareLinkSchema,
  SHARE_DOWNLOADS_PATH,
  SharingSubject,
  type RequestMeta,
  type ShareLink,
} from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { idParams, ValidBody, ValidParams, ValidQuery, type IdParams, type Valid } from '../api/validation.js';
import { Meta, Public } from '../identity/caller.js';

const shareParams = idParams('Share not found');

/** Shares: forwarded to the sharing service, which checks ownership, plan and every restriction. */
@Controller('shares')
export class SharesController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Post()
  @HttpCode(201)
  @ApiDoc({
    summary: 'Share a file, or a folder (Can view or Can edit), with an email address, with the Pro restrictions the plan allows',
    reply: shareItemSchema,
  })
  create(@Meta() meta: RequestMeta, @ValidBody(createShareSchema) body: Valid<typeof createShareSchema>) {
    return this.services.request(SharingSubject.CreateShare, body, meta);
  }

  @Get()
  @ApiDoc({ summary: 'Files and folders shared with you, or shared by you (optionally of one file or folder)', reply: listSharesReplySchema })
  list(@Meta() meta: RequestMeta, @ValidQuery(listSharesSchema) query: Valid<typeof listSharesSchema>) {
    return this.services.request(SharingSubject.ListShares, query, meta);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiDoc({ summary: 'Revoke a share' })
  async revoke(@Meta() meta: RequestMeta, @ValidParams(shareParams) params: IdParams) {
    await this.services.request(SharingSubject.RevokeShare, { shareId: params.id }, meta);
  }

  /** The recipient's view or download: restrictions are checked and the access counted by the sharing service. */
  @Get(':id/link')
  @ApiDoc({
    summary: "Open a file shared with you: the share's restrictions are checked, the access counted, and a download link good once for 60 s handed out",
    reply: shareLinkSchema,
  })
  async link(
    @Meta() meta: RequestMeta,
    @ValidParams(shareParams) params: IdParams,
    @ValidQuery(linkDispositionSchema) query: Valid<typeof linkDispositionSchema>,
  ): Promise<ShareLink> {
    const { ticket, expiresAt } = await this.services.request(SharingSubject.ShareLink, { shareId: params.id, disposition: query.disposition }, meta);
    return { url: `${SHARE_DOWNLOADS_PATH}${ticket}`, expiresAt };
  }

  @Post('confirm-address')
  @HttpCode(200)
  @ApiDoc({ summary: "Confirm your email address with a share email's link (it was sent there): the files shared with it show at once", reply: okReplySchema })
  confirmAddress(@Meta() meta: RequestMeta, @ValidBody(confirmAddressSchema) body: Valid<typeof confirmAddressSchema>) {
    return this.services.request(SharingSubject.ConfirmAddress, body, meta);
  }

  @Public()
  @Post('address-link')
  @HttpCode(200)
  @ApiDoc({
    summary:
      "A share email's link, followed by someone not signed in: who shared what with the address, and whether it has a Coffer account (to sign up with it filled in)",
    reply: addressLinkSchema,
    errors: { 404: 'The link is unknown or expired, or nothing is shared with the address any more' },
  })
  describeAddressLink(@Meta() meta: RequestMeta, @ValidBody(confirmAddressSchema) body: Valid<typeof confirmAddressSchema>) {
    return this.services.request(SharingSubject.DescribeAddressLink, body, meta);
  }

  @Get(':id/accesses')
  @ApiDoc({
    summary:
      "Your share's opens and downloads (when, client IP, view or download), newest first, a page at a time (limit, after: the next of the page before), with how many in all; its sharer only",
    reply: listShareAccessesReplySchema,
  })
  accesses(
    @Meta() meta: RequestMeta,
    @ValidParams(shareParams) params: IdParams,
    @ValidQuery(listShareAccessesQuerySchema) query: Valid<typeof listShareAccessesQuerySchema>,
  ) {
    return this.services.request(SharingSubject.ListShareAccesses, { shareId: params.id, ...query }, meta);
  }
}
