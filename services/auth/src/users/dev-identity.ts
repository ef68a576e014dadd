import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { AuthEvent, DEV_IDENTITY, DEV_USER, type UserRegistered } from '@coffer/contracts';
import { EventBus, SERVICE_CONFIG } from '@coffer/server-core';
import type { AuthConfig } from '../config.js';
import { UsersRepository } from './users.repository.js';

/**
 * Outside production, makes sure the fixed development user exists and that its
 * registration reached every consumer. The event id is fixed, so re-publishing
 * on each start is harmless: JetStream and the consumers drop the duplicates.
 */
@Injectable()
export class DevIdentity implements OnApplicationBootstrap {
  private readonly logger = new Logger(DevIdentity.name);

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
    @Inject(UsersRepository) private readonly users: UsersRepository,
    @Inject(EventBus) private readonly bus: EventBus,
  ) {}

  async onApplicationBootstrap() {
    if (this.config.NODE_ENV === 'production') return;
    const { userId, accountId } = DEV_IDENTITY;
    await this.users.createOwnerIfMissing({ id: userId, accountId, email: DEV_USER.email, fullName: DEV_USER.fullName });
    await this.bus.publish<UserRegistered>(AuthEvent.UserRegistered, {
      id: `user-registered-${userId}`,
      accountId,
      actorId: userId,
      payload: { userId, accountId, email: DEV_USER.email, fullName: DEV_USER.fullName },
    });
    this.logger.log({ msg: 'Development identity ready', userId });
  }
}
