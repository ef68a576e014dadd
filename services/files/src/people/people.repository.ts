import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { countPersonalData, erasePersonalData, Repository, type PersonalDataTable } from '@coffer/server-core';
import { confirmedUploads, files, uploads } from '../db/schema.js';

/** Every files table that holds something of a person, and how a row is known to be theirs. */
// Upload slots before files, here and in a move: a confirmation takes its slot before it adds a file
// (and with it its account's stored bytes), so the same order never waits on itself.
const personTables = (userId: string): PersonalDataTable[] => [
  ['uploads', uploads, eq(uploads.userId, userId)],
  ['confirmed_uploads', confirmedUploads, eq(confirmedUploads.userId, userId)],
  ['files', files, eq(files.userId, userId)],
];

/** A user's rows as their account changes: moved with them to another account, or erased with them. */
@Injectable()
export class PeopleRepository extends Repository {
  /** Their files, folders and open upload slots count against the account they are in now. */
  async move(userId: string, accountId: string) {
    await this.db.update(uploads).set({ accountId }).where(eq(uploads.userId, userId));
    await this.db.update(files).set({ accountId }).where(eq(files.userId, userId));
  }

  erase(userId: string) {
    return erasePersonalData(this.db, personTables(userId));
  }

  inventory(userId: string) {
    return countPersonalData(this.db, personTables(userId));
  }
}
