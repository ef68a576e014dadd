import { Controller, Delete, Get, HttpCode, Inject, Post, Put } from '@nestjs/common';
import {
  FilesSubject,
  folderAccessSchema,
  listTeamFoldersReplySchema,
  setFolderAccessSchema,
  teamFolderNameSchema,
  teamFolderSchema,
  SharingSubject,
  whoHasAccessReplySchema,
  type RequestMeta,
  type WhoHasAccessReply,
} from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { idParams, ValidBody, ValidParams, type IdParams, type Valid } from '../api/validation.js';
import { Meta } from '../identity/caller.js';

const folderParams = idParams('Folder not found');
const fileParams = idParams('File not found');

/** Team folders and who has access to what: forwarded to the files service, which makes the one access decision. */
@Controller()
export class TeamFoldersController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Get('team-folders')
  @ApiDoc({ summary: "The account's team folders you can open, by name, each with your level there (view, edit, manage)", reply: listTeamFoldersReplySchema })
  list(@Meta() meta: RequestMeta) {
    return this.services.request(FilesSubject.ListTeamFolders, {}, meta);
  }

  @Post('team-folders')
  @HttpCode(201)
  @ApiDoc({ summary: 'Create a team folder (owner, admin)', reply: teamFolderSchema })
  create(@Meta() meta: RequestMeta, @ValidBody(teamFolderNameSchema) body: Valid<typeof teamFolderNameSchema>) {
    return this.services.request(FilesSubject.CreateTeamFolder, body, meta);
  }

  @Delete('team-folders/:id')
  @HttpCode(204)
  @ApiDoc({ summary: 'Delete an empty team folder (owner, admin, Can manage); one with contents is refused (409)' })
  async remove(@Meta() meta: RequestMeta, @ValidParams(folderParams) params: IdParams) {
    await this.services.request(FilesSubject.DeleteTeamFolder, { folderId: params.id }, meta);
  }

  @Get('folders/:id/access')
  @ApiDoc({
    summary: 'The access list of a team folder or a folder inside one (Can manage): its own (a restricted folder) or the one it inherits',
    reply: folderAccessSchema,
  })
  access(@Meta() meta: RequestMeta, @ValidParams(folderParams) params: IdParams) {
    return this.services.request(FilesSubject.GetFolderAccess, { folderId: params.id }, meta);
  }

  @Put('folders/:id/access')
  @ApiDoc({
    summary:
      'Set the access list of a team folder, or make a folder inside one a restricted folder with its own list (own: false inherits again). Can manage; Business, Pro and Enterprise plans',
    reply: folderAccessSchema,
  })
  setAccess(
    @Meta() meta: RequestMeta,
    @ValidParams(folderParams) params: IdParams,
    @ValidBody(setFolderAccessSchema) body: Valid<typeof setFolderAccessSchema>,
  ) {
    return this.services.request(FilesSubject.SetFolderAccess, { folderId: params.id, ...body }, meta);
  }

  @Get('files/:id/access')
  @ApiDoc({
    summary:
      'Who has access to a file or folder, and why (team folder entry, restricted folder, role, My files, a share by email), whether you may change the list (canManage) and each share (canRevoke)',
    reply: whoHasAccessReplySchema,
  })
  async whoHasAccess(@Meta() meta: RequestMeta, @ValidParams(fileParams) params: IdParams): Promise<WhoHasAccessReply> {
    // The files service decides whether the caller may open the item; only then are its shares asked for.
    const access = await this.services.request(FilesSubject.WhoHasAccess, { fileId: params.id }, meta);
    const shares = await this.services.request(SharingSubject.SharesOfItem, { itemId: access.itemId }, meta);
    return { ...access, shares: shares.items };
  }
}
