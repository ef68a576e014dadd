import { Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { countPersonalData, erasePersonalData, Repository, type Database, type PersonalDataTable } from '@coffer/server-core';
import { activity, notifications, outboundEmails, userPreferences } from '../db/schema.js';

export interface ErasedPerson {
  userId: string;
  email: string;
}

/** Every notification table that holds something of a person, and how a row is known to be theirs. */
function personTables(p: ErasedPerson): PersonalDataTable[] {
  return [
    ['activity', activity, eq(activity.userId, p.userId)],
    ['notifications', notifications, eq(notifications.userId, p.userId)],
    ['user_preferences', userPreferences, eq(userPreferences.userId, p.userId)],
    ['outbound_emails', outboundEmails, eq(sql`lower(${outboundEmails.recipient})`, p.email.toLowerCase())],
  ];
}

/** Deleting a person from the notification service, and proving it. */
@Injectable()
export class ErasureRepository extends Repository {
  erase(tx: Database, person: ErasedPerson) {
    return erasePersonalData(tx, personTables(person));
  }

  inventory(person: ErasedPerson) {
    return countPersonalData(this.db, personTables(person));
  }
}
