import { Controller, Get, Inject } from '@nestjs/common';
import { NotificationSubject, type CallerIdentity, type ListActivityReply } from '@coffer/contracts';
import { ServiceClient } from '../common/service-client.js';
import { CurrentCaller } from '../identity/caller.js';

@Controller('activity')
export class ActivityController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  /** The caller's 15 latest uploads, shares and deletes. */
  @Get()
  list(@CurrentCaller() caller: CallerIdentity): Promise<ListActivityReply> {
    return this.services.request(NotificationSubject.ListActivity, {}, caller);
  }
}
