import { Injectable } from '@nestjs/common';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { oneTimeTokens, users } from '../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  id: string;
  accountId: string;
  email: string;
  fullName: string;
  /** Null for a person created by their company's single sign-on: they have no Coffer password. */
  passwordHash: string | null;
}

/** The only place that reads and writes users and one-time tokens. */
@Injectable()
export class UsersRepository extends Repository {
  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.email, email));
    return row;
  }

  async findById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  /** The user, their row locked until the unit of work ends: two changes of their membership at once are made one after the other. */
  async lockById(id: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id)).for('update');
    return row;
  }

  /** Each of these users' name and role as they are now. */
  async peopleOf(ids: string[]): Promise<Map<string, { fullName: string; role: (typeof users.$inferSelect)['role'] }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.select({ id: users.id, fullName: users.fullName, role: users.role }).from(users).where(inArray(users.id, ids));
    return new Map(rows.map(({ id, ...person }) => [id, person]));
  }

  /** Creates a user (an account's owner, or an invitee whose address is proven by the link); false if the email is taken. */
  async createUser(user: NewUser & { role: UserRow['role']; emailVerifiedAt?: Date }): Promise<boolean> {
    const inserted = await this.db
      .insert(users)
      .values({
        id: user.id,
        accountId: user.accountId,
        email: user.email,
        fullName: user.fullName,
        role: user.role,
        passwordHash: user.passwordHash,
        emailVerifiedAt: user.emailVerifiedAt,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    return inserted.length > 0;
  }

  /** How many users besides `userId` belong to the account. */
  async otherUsers(accountId: string, userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.accountId, accountId), ne(users.id, userId)));
    return row?.n ?? 0;
  }

  /** Moves a user to an account with a role, raising their membership version; returns the new version. */
  async setMembership(userId: string, accountId: string, role: (typeof users.$inferSelect)['role']): Promise<number> {
    const [row] = await this.db
      .update(users)
      .set({ accountId, role, membershipVersion: sql`${users.membershipVersion} + 1` })
      .where(eq(users.id, userId))
      .returning({ version: users.membershipVersion });
    return row.version;
  }

  /** The user's full name, kept equal to their profile's. */
  async setFullName(userId: string, fullName: string) {
    await this.db.update(users).set({ fullName }).where(eq(users.id, userId));
  }

  async setPassword(userId: string, passwordHash: string) {
    await this.db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  }

  async markEmailVerified(userId: string) {
    await this.db
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, userId));
  }

  async addToken(row: typeof oneTimeTokens.$inferInsert) {
    await this.db.insert(oneTimeTokens).values(row);
  }

  /** Uses up a one-time token of the given purpose; returns its user, or nothing if it is unknown, used or expired. */
  async consumeToken(tokenHash: string, purpose: 'reset-password' | 'verify-email'): Promise<string | undefined> {
    const [row] = await this.db
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(
        and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt), sql`${oneTimeTokens.expiresAt} > now()`),
      )
      .returning({ userId: oneTimeTokens.userId });
    return row?.userId;
  }

  /** Uses up every open one-time token of a user for `purpose` (a newer link was asked for, or one was used). */
  async endTokens(userId: string, purpose: 'reset-password' | 'verify-email') {
    await this.db
      .update(oneTimeTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
  }
}
