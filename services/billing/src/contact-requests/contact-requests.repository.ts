import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { ContactRequestInput } from '@coffer/contracts';
import { Repository, type Database } from '@coffer/server-core';
import { contactRequests } from '../db/schema.js';

/** The only place that reads and writes contact requests. */
@Injectable()
export class ContactRequestsRepository extends Repository {
  async insert(tx: Database, input: ContactRequestInput) {
    const [row] = await tx
      .insert(contactRequests)
      .values({ name: input.name, email: input.email, company: input.company, phone: input.phone || null, message: input.message })
      .returning();
    return row;
  }

  async findById(id: string) {
    const [row] = await this.db.select().from(contactRequests).where(eq(contactRequests.id, id));
    return row;
  }
}
