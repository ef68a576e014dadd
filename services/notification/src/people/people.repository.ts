import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { Database } from '@coffer/server-core';
import { people } from '../db/schema.js';

export type PersonRow = typeof people.$inferSelect;

/** Who the Coffer users are, from auth's events: the audit log names its actors, emails find their recipients. */
@Injectable()
export class PeopleRepository {
  async save(tx: Database, { userId, email, fullName }: PersonRow) {
    await tx.insert(people).values({ userId, email, fullName }).onConflictDoUpdate({ target: people.userId, set: { email, fullName } });
  }

  async find(tx: Database, userId: string): Promise<PersonRow | undefined> {
    const [row] = await tx.select().from(people).where(eq(people.userId, userId));
    return row;
  }
}

/** How Coffer names a person: their full name, else their email. */
export const displayName = (person: Pick<PersonRow, 'fullName' | 'email'>) => person.fullName.trim() || person.email;
