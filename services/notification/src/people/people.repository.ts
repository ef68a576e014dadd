import { Injectable } from '@nestjs/common';
import { Repository } from '@coffer/server-core';
import { eq } from 'drizzle-orm';
import { people } from '../db/schema.js';

export type PersonRow = typeof people.$inferSelect;

/** Who the Coffer users are, from auth's events: the audit log names its actors, emails find their recipients. */
@Injectable()
export class PeopleRepository extends Repository {
  async save({ userId, email, fullName }: PersonRow) {
    await this.db.insert(people).values({ userId, email, fullName }).onConflictDoUpdate({ target: people.userId, set: { email, fullName } });
  }

  async find(userId: string): Promise<PersonRow | undefined> {
    const [row] = await this.db.select().from(people).where(eq(people.userId, userId));
    return row;
  }
}

/** How Coffer names a person: their full name, else their email. */
export const displayName = (person: Pick<PersonRow, 'fullName' | 'email'>) => person.fullName.trim() || person.email;
