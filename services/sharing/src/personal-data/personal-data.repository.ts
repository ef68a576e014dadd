import { Injectable } from '@nestjs/common';
import { and, eq, or } from 'drizzle-orm';
import { countPersonalData, erasePersonalData, Repository, type PersonalDataTable } from '@coffer/server-core';
import { addressTokens, links, people, shareRequests, shareSends, shares } from '../db/schema.js';

/**
 * Every sharing table that holds something of a person: the shares they made,
 * the shares made to their address (their opens go with them), and who they are.
 */
const personTables = (p: { userId: string; email: string }): PersonalDataTable[] => [
  ['shares', shares, or(eq(shares.sharedByUserId, p.userId), eq(shares.sharedWithEmail, p.email.toLowerCase()))!],
  ['share_sends', shareSends, or(eq(shareSends.sharedByUserId, p.userId), eq(shareSends.sharedWithEmail, p.email.toLowerCase()))!],
  ['address_tokens', addressTokens, eq(addressTokens.email, p.email.toLowerCase())],
  ['share_requests', shareRequests, eq(shareRequests.userId, p.userId)],
  ['links', links, eq(links.createdByUserId, p.userId)],
  ['people', people, eq(people.userId, p.userId)],
];

/** What sharing holds of a person, erased with them and proven gone. */
@Injectable()
export class PersonalDataRepository extends Repository {
  erase(person: { userId: string; email: string }) {
    return erasePersonalData(this.db, personTables(person));
  }

  inventory(person: { userId: string; email: string }) {
    return countPersonalData(this.db, personTables(person));
  }

  /**
   * The shares `from` made become `to`'s, in `accountId` (the account `from` left), in one statement: their
   * recipients keep them as they are. One made to `to`'s own address would be a share with oneself: it goes.
   */
  async handOver(from: string, to: { userId: string; email: string }, accountId: string) {
    await this.db.delete(shares).where(and(eq(shares.sharedByUserId, from), eq(shares.sharedWithEmail, to.email.toLowerCase())));
    await this.db.update(shares).set({ sharedByUserId: to.userId, accountId }).where(eq(shares.sharedByUserId, from));
  }
}
