import { Controller, Delete, Get, HttpCode, Inject, Post } from '@nestjs/common';
import {
  DevicesSubject,
  endedSessionsReplySchema,
  listSessionsReplySchema,
  MEMBER_NOT_FOUND,
  okReplySchema,
  SESSION_NOT_FOUND,
  type RequestMeta,
} from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { idParams, ValidParams, type IdParams } from '../api/validation.js';
import { Meta } from '../identity/caller.js';

const sessionParams = idParams(SESSION_NOT_FOUND);
const memberParams = idParams(MEMBER_NOT_FOUND);

/** Signed-in browsers (Settings → Security) and signing a member out (Team): forwarded to the auth service, which checks whose they are. */
@Controller()
export class DevicesController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Get('auth/sessions')
  @ApiDoc({ summary: 'The browsers you are signed in on: browser, address, last use; the one asking is marked current', reply: listSessionsReplySchema })
  list(@Meta() meta: RequestMeta) {
    return this.services.request(DevicesSubject.ListSessions, {}, meta);
  }

  @Delete('auth/sessions/:id')
  @HttpCode(200)
  @ApiDoc({ summary: 'Sign one of your browsers out: its tokens are refused at once on every gateway', reply: okReplySchema })
  end(@Meta() meta: RequestMeta, @ValidParams(sessionParams) params: IdParams) {
    return this.services.request(DevicesSubject.EndSession, { id: params.id }, meta);
  }

  @Post('auth/sessions/sign-out-others')
  @HttpCode(200)
  @ApiDoc({ summary: 'Sign out every browser but this one', reply: endedSessionsReplySchema })
  endOthers(@Meta() meta: RequestMeta) {
    return this.services.request(DevicesSubject.EndOtherSessions, {}, meta);
  }

  @Post('team/members/:id/sign-out')
  @HttpCode(200)
  @ApiDoc({ summary: 'Sign a member of your account out of every browser (owner and admins; an admin never the owner)', reply: endedSessionsReplySchema })
  signMemberOut(@Meta() meta: RequestMeta, @ValidParams(memberParams) params: IdParams) {
    return this.services.request(DevicesSubject.SignMemberOut, { id: params.id }, meta);
  }
}
