import { Controller, Inject, type OnModuleInit } from '@nestjs/common';
import { AccountEvent, personalDataInventorySubject, type ReceivedPayload } from '@coffer/contracts';
import { EventBus, Handles, Received } from '@coffer/server-core';
import { ErasureService } from './erasure.service.js';

const INVENTORY = personalDataInventorySubject('notification');

/** UserDeleted and the notification service's personal-data inventory, forwarded to ErasureService. */
@Controller()
export class ErasureHandler implements OnModuleInit {
  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(ErasureService) private readonly erasure: ErasureService,
  ) {}

  onModuleInit() {
    this.bus.on(AccountEvent.UserDeleted, (event, tx) => this.erasure.userDeleted(tx, event));
  }

  @Handles(INVENTORY)
  inventory(@Received() p: ReceivedPayload<typeof INVENTORY>) {
    return this.erasure.inventory(p);
  }
}
