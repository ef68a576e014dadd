import { Controller, Get, HttpCode, Inject, Post, Put, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AccountSubject, brandingSchema, deleteUserSchema, okReplySchema, updateBrandingSchema, type RequestMeta } from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { ValidBody, type Valid } from '../api/validation.js';
import { clearRefresh } from '../auth/auth.controller.js';
import { Meta } from '../identity/caller.js';

/** The account's branding and Delete Account: forwarded to the auth service. */
@Controller()
export class AccountController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Get('branding')
  @ApiDoc({ summary: "The account's branding (Coffer's own look when none is saved or the plan has no custom branding)", reply: brandingSchema })
  branding(@Meta() meta: RequestMeta) {
    return this.services.request(AccountSubject.GetBranding, {}, meta);
  }

  @Put('branding')
  @ApiDoc({ summary: "Save the account's branding (owner and admins, plans with custom branding)", reply: brandingSchema })
  updateBranding(@Meta() meta: RequestMeta, @ValidBody(updateBrandingSchema) body: Valid<typeof updateBrandingSchema>) {
    return this.services.request(AccountSubject.UpdateBranding, body, meta);
  }

  /** Deletes the caller everywhere (confirmed by typing their email) and ends the browser's session. */
  @Post('account/delete')
  @HttpCode(200)
  @ApiDoc({
    summary:
      "Delete your account: every service erases your data and your sessions end (a member's files stay with the account: they move to its owner's My files)",
    reply: okReplySchema,
  })
  async deleteAccount(
    @Meta() meta: RequestMeta,
    @ValidBody(deleteUserSchema) body: Valid<typeof deleteUserSchema>,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    const reply = await this.services.request(AccountSubject.DeleteUser, body, meta);
    clearRefresh(req, res);
    return reply;
  }
}
