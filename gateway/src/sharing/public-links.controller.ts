import { Controller, HttpCode, Get, Headers, Inject, Logger, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  byteRangeHeader,
  isLinkPreviewBot,
  LINK_DOWNLOADS_PATH,
  linkPageSchema,
  linkPageBodySchema,
  LinkSubject,
  linkTokenParamsSchema,
  linkPasswordBodySchema,
  linkZipSchema,
  ZIP_DOWNLOADS_PATH,
  type LinkPage,
  type LinkZip,
  openLinkFileBodySchema,
  shareLinkSchema,
  shareTicketParamsSchema,
  singleByteRange,
  type RequestMeta,
  type ShareLink,
} from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { ValidBody, ValidParams, type Valid } from '../api/validation.js';
import { Meta, Public } from '../identity/caller.js';
import { sendStored } from './share-downloads.controller.js';
import { linkPreviewHtml } from './link-preview.js';

/**
 * A link's public side, for anyone holding its token (no sign-in): the page, its View and Download, and
 * the bytes. The sharing service checks the password, expiry, allow-list and download limit every time.
 */
@Controller()
export class PublicLinksController {
  private readonly logger = new Logger(PublicLinksController.name);

  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Public()
  @Post('public-links/:token')
  @HttpCode(200)
  @ApiDoc({
    summary:
      "A link's public page: who shared what, in the sharer's branding; the file is named (a folder link's folder listed, or `folderId`, a folder inside it) once the link's password (if it has one) is sent. A person's first look counts as an open; a link-preview bot's never does",
    reply: linkPageSchema,
    errors: { 403: 'Expired, outside the allow-list, used up, or a wrong password', 404: 'No such link, or turned off', 429: 'Too many wrong passwords' },
  })
  page(
    @Meta() meta: RequestMeta,
    @ValidParams(linkTokenParamsSchema) params: Valid<typeof linkTokenParamsSchema>,
    @ValidBody(linkPageBodySchema) body: Valid<typeof linkPageBodySchema>,
  ) {
    return this.services.request(LinkSubject.OpenLinkPage, { token: params.token, ...body }, meta);
  }

  @Public()
  @Get('public-links/:token/preview')
  @ApiDoc({
    summary:
      "A link's page as a link-preview bot (Slack, Teams, WhatsApp… unfurlers; the shell sends them here from /l/{token}) gets it: an HTML page whose title and meta tags (og:*) say who shared what, in the sharer's company name. Never counted as an open; the file is never named behind a password, and a link refused (expired, outside its allow-list, turned off, no such link) gets a card that says nothing of it. Anyone else is sent to the link's page, /l/{token} (302)",
    contentType: 'text/html',
  })
  async preview(@Meta() meta: RequestMeta, @ValidParams(linkTokenParamsSchema) params: Valid<typeof linkTokenParamsSchema>, @Res() res: Response) {
    res.setHeader('Cache-Control', 'no-store');
    if (!isLinkPreviewBot(meta.userAgent)) return res.redirect(302, `/l/${params.token}`);
    // Asked as the bot (its user agent): the sharing service never counts its look.
    const page = await this.services.request(LinkSubject.OpenLinkPage, { token: params.token }, meta).then(
      (answer): LinkPage | undefined => answer,
      () => undefined,
    );
    res.type('html').send(linkPreviewHtml(page, params.token));
  }

  @Public()
  @Post('public-links/:token/open')
  @HttpCode(200)
  @ApiDoc({
    summary:
      "View or download a link's file (a folder link's: `fileId`, a file inside its folder): the password and restrictions are checked, the download counted against the link's limit, and a download link good once for 60 s from this address handed out (never to a link-preview bot)",
    reply: shareLinkSchema,
    errors: {
      403: 'Expired, outside the allow-list, used up, a wrong password, or a link-preview bot',
      404: 'No such link, or turned off',
      429: 'Too many wrong passwords',
    },
  })
  async open(
    @Meta() meta: RequestMeta,
    @ValidParams(linkTokenParamsSchema) params: Valid<typeof linkTokenParamsSchema>,
    @ValidBody(openLinkFileBodySchema) body: Valid<typeof openLinkFileBodySchema>,
  ): Promise<ShareLink> {
    const { ticket, expiresAt } = await this.services.request(LinkSubject.OpenLinkFile, { token: params.token, ...body }, meta);
    return { url: `${LINK_DOWNLOADS_PATH}${ticket}`, expiresAt };
  }

  @Public()
  @Post('public-links/:token/zip')
  @HttpCode(200)
  @ApiDoc({
    summary:
      "A folder link's Download all: the password and restrictions are checked and it counts as one download against the link's limit (kept in its history); answers a zip download address good once for 60 s, to which the browser posts `items` as a form (POST /downloads/{ticket}). Never to a link-preview bot",
    reply: linkZipSchema,
    errors: {
      400: 'A file link (only a folder link downloads as a zip)',
      403: 'Expired, outside the allow-list, used up, a wrong password, or a link-preview bot',
      404: 'No such link, or turned off',
      429: 'Too many wrong passwords',
    },
  })
  async zip(
    @Meta() meta: RequestMeta,
    @ValidParams(linkTokenParamsSchema) params: Valid<typeof linkTokenParamsSchema>,
    @ValidBody(linkPasswordBodySchema) body: Valid<typeof linkPasswordBodySchema>,
  ): Promise<LinkZip> {
    const { ticket, expiresAt, folderId } = await this.services.request(LinkSubject.ZipLinkFolder, { token: params.token, ...body }, meta);
    return { url: `${ZIP_DOWNLOADS_PATH}${ticket}`, expiresAt, items: [folderId] };
  }

  @Public()
  @Get('link-downloads/:ticket')
  @ApiDoc({
    summary:
      "A link's file, for a download link from POST /public-links/{token}/open, from the address that asked for it, once, within 60 s. With a Range header (one byte range) it answers that part (206, or 416 past the end): a download broken off resumes with a new open, counted as one",
    contentType: 'application/octet-stream',
  })
  async download(
    @Meta() meta: RequestMeta,
    @ValidParams(shareTicketParamsSchema) params: Valid<typeof shareTicketParamsSchema>,
    @Headers('range') rangeHeader: string | undefined,
    @Res() res: Response,
  ) {
    const { url, disposition } = await this.services.request(LinkSubject.RedeemLinkTicket, { ticket: params.ticket }, meta);
    // The ticket is spent either way: a ranged read is one counted open, like a whole one.
    const range = singleByteRange(rangeHeader);
    await sendStored(url, range && byteRangeHeader(range), disposition, res, () => undefined, this.logger, true);
  }
}
