import { Body, Controller, Delete, Get, HttpCode, Inject, Param, ParseUUIDPipe, Post, Query } from '@nestjs/common';
import { SharingSubject, type CallerIdentity, type FileLink, type ListSharesReply, type ShareItem } from '@coffer/contracts';
import { ServiceClient } from '../common/service-client.js';
import { CurrentCaller } from '../identity/caller.js';
import { FileLinkQuery } from '../files/files.dto.js';
import { ListSharesQuery } from './shares.dto.js';

type JsonBody = Record<string, unknown>;
const uuid = new ParseUUIDPipe();

/** Shares: forwarded to the sharing service, which checks ownership, plan and every restriction. */
@Controller('shares')
export class SharesController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  @Post()
  @HttpCode(201)
  create(@CurrentCaller() caller: CallerIdentity, @Body() body: JsonBody): Promise<ShareItem> {
    const { fileId, email, allowedIps, expiresInDays, maxAccessCount } = body;
    return this.services.request(SharingSubject.CreateShare, { fileId, email, allowedIps, expiresInDays, maxAccessCount }, caller);
  }

  @Get()
  list(@CurrentCaller() caller: CallerIdentity, @Query() query: ListSharesQuery): Promise<ListSharesReply> {
    return this.services.request(SharingSubject.ListShares, { direction: query.direction ?? 'with-me', fileId: query.fileId }, caller);
  }

  @Delete(':id')
  @HttpCode(204)
  async revoke(@CurrentCaller() caller: CallerIdentity, @Param('id', uuid) shareId: string) {
    await this.services.request(SharingSubject.RevokeShare, { shareId }, caller);
  }

  /** The recipient's view or download: restrictions are checked and the access counted by the sharing service. */
  @Get(':id/link')
  link(@CurrentCaller() caller: CallerIdentity, @Param('id', uuid) shareId: string, @Query() query: FileLinkQuery): Promise<FileLink> {
    return this.services.request(SharingSubject.ShareLink, { shareId, disposition: query.disposition ?? 'inline' }, caller);
  }
}
