import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { ContactRequestInput } from '@coffer/contracts';
import { DATABASE, type Database } from '@coffer/server-core';
import { contactRequests } from '../db/schema.js';

/** The only place that reads and writes contact requests. */
@Injectable()
export class ContactRequestsRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

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

  transaction<T>(work: (tx: Database) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(tx as unknown as Database));
  }
}
