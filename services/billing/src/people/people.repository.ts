import { Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { countPersonalData, erasePersonalData, Repository, type Database, type PersonalDataTable } from '@coffer/server-core';
import { contactRequests, subscriptions } from '../db/schema.js';

/** Every billing table that holds something of a person: the subscription of the account they own, and what they sent Sales. */
const personTables = (p: { userId: string; email: string }): PersonalDataTable[] => [
  ['subscriptions', subscriptions, eq(subscriptions.ownerId, p.userId)],
  ['contact_requests', contactRequests, eq(sql`lower(${contactRequests.email})`, p.email.toLowerCase())],
];

/** What billing holds of a person, erased with them and proven gone. */
@Injectable()
export class PeopleRepository extends Repository {
  erase(tx: Database, person: { userId: string; email: string }) {
    return erasePersonalData(tx, personTables(person));
  }

  inventory(person: { userId: string; email: string }) {
    return countPersonalData(this.db, personTables(person));
  }
}
