import { Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { countPersonalData, erasePersonalData, Repository, type PersonalDataTable } from '@coffer/server-core';
import { contactRequests, subscriptions, usedTrials } from '../db/schema.js';
import { emailTrialKey, userTrialKey, type TrialPerson } from '../subscriptions/used-trials.js';

/**
 * Every billing table that holds something of a person: the subscription of the account they own, what
 * they sent Sales, and the trial they started under their user id. The hashed address of that trial stays
 * (see `erase`): it is not the address, and without it one person could have a trial per deletion.
 */
const personTables = (p: TrialPerson): PersonalDataTable[] => [
  ['subscriptions', subscriptions, eq(subscriptions.ownerId, p.userId)],
  ['contact_requests', contactRequests, eq(sql`lower(${contactRequests.email})`, p.email.toLowerCase())],
  ['used_trials', usedTrials, eq(usedTrials.personKey, userTrialKey(p.userId))],
];

/** What billing holds of a person, erased with them and proven gone. */
@Injectable()
export class PersonalDataRepository extends Repository {
  /** The person's rows go; a trial they started stays known by their current address, hashed (it may have changed since). */
  async erase(person: TrialPerson) {
    await this.db.execute(sql`
      insert into ${usedTrials} (person_key, account_id, started_at)
      select ${emailTrialKey(person.email)}, account_id, started_at from ${usedTrials} where person_key = ${userTrialKey(person.userId)}
      on conflict do nothing`);
    return erasePersonalData(this.db, personTables(person));
  }

  inventory(person: TrialPerson) {
    return countPersonalData(this.db, personTables(person));
  }
}
