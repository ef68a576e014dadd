import { Injectable } from '@nestjs/common';
import { eq, inArray } from 'drizzle-orm';
import { Repository, type Database } from '@coffer/server-core';
import { people, type PersonRow } from '../db/schema.js';

/** What auth's events say about a user: their address, their name, whether they confirmed the address. */
export interface PersonUpdate {
  userId: string;
  email: string;
  fullName?: string;
  emailConfirmed?: boolean;
}

/** The only place that reads and writes the people read model (who the Coffer users are, from auth's events). */
@Injectable()
export class PeopleRepository extends Repository {
  async find(userId: string, tx: Database = this.db): Promise<PersonRow | undefined> {
    const [row] = await tx.select().from(people).where(eq(people.userId, userId));
    return row;
  }

  async findByEmail(email: string, tx: Database = this.db): Promise<PersonRow | undefined> {
    const [row] = await tx.select().from(people).where(eq(people.email, email));
    return row;
  }

  async findByIds(ids: string[]): Promise<Map<string, PersonRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.select().from(people).where(inArray(people.userId, ids));
    return new Map(rows.map((r) => [r.userId, r]));
  }

  /** Adds the person or updates what the event tells; a confirmed address never goes back to unconfirmed. */
  async remember(tx: Database, person: PersonUpdate): Promise<void> {
    const set = {
      email: person.email,
      ...(person.fullName !== undefined ? { fullName: person.fullName } : {}),
      ...(person.emailConfirmed ? { emailConfirmed: true } : {}),
    };
    await tx
      .insert(people)
      .values({ userId: person.userId, email: person.email, fullName: person.fullName ?? '', emailConfirmed: person.emailConfirmed ?? false })
      .onConflictDoUpdate({ target: people.userId, set });
  }
}
