import { Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import type { ContactRequestInput } from '@coffer/contracts';
import { Repository } from '@coffer/server-core';
import { contactRequests } from '../db/schema.js';

/** The only place that reads and writes contact requests. */
@Injectable()
export class ContactRequestsRepository extends Repository {
  async insert(input: ContactRequestInput, clientIp: string | null) {
    const [row] = await this.db
      .insert(contactRequests)
      .values({ name: input.name, email: input.email, company: input.company, phone: input.phone || null, message: input.message, clientIp })
      .returning();
    return row;
  }

  /** How many requests came from `clientIp` in the last hour. */
  async fromIpInLastHour(clientIp: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(contactRequests)
      .where(and(eq(contactRequests.clientIp, clientIp), sql`${contactRequests.createdAt} > now() - interval '1 hour'`));
    return row?.n ?? 0;
  }

  async findById(id: string) {
    const [row] = await this.db.select().from(contactRequests).where(eq(contactRequests.id, id));
    return row;
  }
}
