import { Injectable } from '@nestjs/common';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { addressTokens, people, type PersonRow } from '../db/schema.js';

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
  async find(userId: string): Promise<PersonRow | undefined> {
    const [row] = await this.db.select().from(people).where(eq(people.userId, userId));
    return row;
  }

  async findByEmail(email: string): Promise<PersonRow | undefined> {
    const [row] = await this.db.select().from(people).where(eq(people.email, email));
    return row;
  }

  async findByIds(ids: string[]): Promise<Map<string, PersonRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.select().from(people).where(inArray(people.userId, ids));
    return new Map(rows.map((r) => [r.userId, r]));
  }

  /**
   * Adds the person or updates what the event tells; a confirmed address never goes back to unconfirmed.
   * Answers whether this call confirmed it (it was not before): one statement, so of two at once only one does.
   */
  async remember(person: PersonUpdate): Promise<{ newlyConfirmed: boolean }> {
    const set = {
      email: person.email,
      ...(person.fullName !== undefined ? { fullName: person.fullName } : {}),
      ...(person.emailConfirmed ? { emailConfirmed: true } : {}),
    };
    if (person.emailConfirmed) {
      const confirmed = await this.db
        .update(people)
        .set(set)
        .where(and(eq(people.userId, person.userId), eq(people.emailConfirmed, false)))
        .returning({ userId: people.userId });
      if (confirmed.length > 0) return { newlyConfirmed: true };
    }
    const [row] = await this.db
      .insert(people)
      .values({ userId: person.userId, email: person.email, fullName: person.fullName ?? '', emailConfirmed: person.emailConfirmed ?? false })
      .onConflictDoUpdate({ target: people.userId, set })
      .returning({ inserted: sql<boolean>`xmax = 0` });
    return { newlyConfirmed: Boolean(person.emailConfirmed && row?.inserted) };
  }

  /** Keeps the token of a share email's link to `email` (by hash), good for ADDRESS_LINK_DAYS. */
  async addAddressToken(tokenHash: string, email: string, days: number): Promise<void> {
    await this.db.insert(addressTokens).values({ tokenHash, email, expiresAt: new Date(Date.now() + days * 86_400_000) });
  }

  /** The address an unexpired token was sent to. */
  async addressOf(tokenHash: string): Promise<string | undefined> {
    const [row] = await this.db
      .select()
      .from(addressTokens)
      .where(and(eq(addressTokens.tokenHash, tokenHash), gt(addressTokens.expiresAt, new Date())));
    return row?.email;
  }
}
