import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { countPersonalData, erasePersonalData, Repository, type PersonalDataTable } from '@coffer/server-core';
import { confirmedUploads, files, uploads } from '../db/schema.js';

/** Every files table that holds something of a person, and how a row is known to be theirs. */
// Upload slots before files, here and in a move (PersonalDataService.move): a confirmation takes its slot before it adds a file
// (and with it its account's stored bytes), so the same order never waits on itself.
const personTables = (userId: string): PersonalDataTable[] => [
  ['uploads', uploads, eq(uploads.userId, userId)],
  ['confirmed_uploads', confirmedUploads, eq(confirmedUploads.userId, userId)],
  ['files', files, eq(files.userId, userId)],
];

/** What the files service holds of a person, erased with them and proven gone. */
@Injectable()
export class PersonalDataRepository extends Repository {
  erase(userId: string) {
    return erasePersonalData(this.db, personTables(userId));
  }

  inventory(userId: string) {
    return countPersonalData(this.db, personTables(userId));
  }
}
