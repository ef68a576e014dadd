import { Inject, Injectable } from '@nestjs/common';
import { BillingEvent, CONTACT_LIMIT_REACHED, ErrorCode, type ContactRequestCreated, type ContactRequestInput } from '@coffer/contracts';
import { EventBus, rpcError, SERVICE_CONFIG, UnitOfWork } from '@coffer/server-core';
import type { BillingConfig } from '../config.js';
import { ContactRequestsRepository } from './contact-requests.repository.js';

/** Stores a Contact Sales request and announces it, so the sales inbox gets an email. */
@Injectable()
export class ContactRequestsService {
  constructor(
    @Inject(ContactRequestsRepository) private readonly requests: ContactRequestsRepository,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(SERVICE_CONFIG) private readonly config: BillingConfig,
    @Inject(UnitOfWork) private readonly unit: UnitOfWork,
  ) {}

  /** A network may send only so many an hour: Sales' inbox is not a way to flood anyone. */
  async create(input: ContactRequestInput, clientIp: string | undefined): Promise<ContactRequestCreated> {
    const row = await this.unit.run(async () => {
      if (clientIp && (await this.requests.fromIpInLastHour(clientIp)) >= this.config.CONTACT_REQUESTS_PER_IP_PER_HOUR)
        throw rpcError(ErrorCode.TooManyAttempts, 429, CONTACT_LIMIT_REACHED);
      const stored = await this.requests.insert(input, clientIp ?? null);
      await this.bus.record(BillingEvent.ContactRequestReceived, {
        accountId: '',
        actorId: '',
        payload: { ...input, id: stored.id, receivedAt: stored.createdAt.toISOString() },
      });
      return stored;
    });
    return { id: row.id };
  }
}
