import { Inject, Injectable } from '@nestjs/common';
import { BillingEvent, type ContactRequestCreated, type ContactRequestInput } from '@coffer/contracts';
import { EventBus } from '@coffer/server-core';
import { ContactRequestsRepository } from './contact-requests.repository.js';

/** Stores a Contact Sales request and announces it, so the sales inbox gets an email. */
@Injectable()
export class ContactRequestsService {
  constructor(
    @Inject(ContactRequestsRepository) private readonly requests: ContactRequestsRepository,
    @Inject(EventBus) private readonly bus: EventBus,
  ) {}

  async create(input: ContactRequestInput): Promise<ContactRequestCreated> {
    const row = await this.bus.inTransaction(this.requests, async (tx) => {
      const stored = await this.requests.insert(tx, input);
      await this.bus.record(tx, BillingEvent.ContactRequestReceived, {
        accountId: '',
        actorId: '',
        payload: { ...input, id: stored.id, receivedAt: stored.createdAt.toISOString() },
      });
      return stored;
    });
    return { id: row.id };
  }
}
