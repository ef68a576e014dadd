import { Inject, Injectable } from '@nestjs/common';
import { DATABASE, type Database } from '@coffer/server-core';
import { accounts, users } from '../db/schema.js';

export interface NewUser {
  id: string;
  accountId: string;
  email: string;
  fullName: string;
}

/** The only place that reads and writes users and accounts. */
@Injectable()
export class UsersRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Creates the user and the account they own, unless the user exists. */
  async createOwnerIfMissing(user: NewUser): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .insert(accounts)
        .values({ id: user.accountId, name: user.fullName, ownerId: user.id })
        .onConflictDoNothing();
      await tx
        .insert(users)
        .values({ id: user.id, accountId: user.accountId, email: user.email, fullName: user.fullName, role: 'owner' })
        .onConflictDoNothing();
    });
  }
}
