import { Controller, Get, Inject } from '@nestjs/common';
import { listActivityReplySchema, NotificationSubject, type RequestMeta } from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { Meta } from '../identity/caller.js';

@Controller('activity')
export class ActivityController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  @Get()
  @ApiDoc({ summary: "The caller's 15 latest uploads, shares and deletes", reply: listActivityReplySchema })
  list(@Meta() meta: RequestMeta) {
    return this.services.request(NotificationSubject.ListActivity, {}, meta);
  }
}
