import { Injectable } from '@nestjs/common';
import { and, desc, eq, sql } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { accounts, invitationSends, teamMembers, userRoles } from '../db/schema.js';

export type TeamMemberRow = typeof teamMembers.$inferSelect;
export type UserRoleRow = typeof userRoles.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;

/** The only place that reads and writes accounts, invitations, team members and user roles. */
@Injectable()
export class TeamRepository extends Repository {
  async account(id: string): Promise<AccountRow | undefined> {
    const [row] = await this.db.select().from(accounts).where(eq(accounts.id, id));
    return row;
  }

  async createAccount(row: typeof accounts.$inferInsert) {
    await this.db.insert(accounts).values(row);
  }

  /** The account's name (its owner's company, or their name). */
  async renameAccount(accountId: string, name: string) {
    await this.db.update(accounts).set({ name }).where(eq(accounts.id, accountId));
  }

  listMembers(accountId: string): Promise<TeamMemberRow[]> {
    return this.db.select().from(teamMembers).where(eq(teamMembers.accountId, accountId)).orderBy(desc(teamMembers.invitedAt));
  }

  async member(accountId: string, id: string): Promise<TeamMemberRow | undefined> {
    const [row] = await this.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.accountId, accountId), eq(teamMembers.id, id)));
    return row;
  }

  /** The active membership row of a user, if they joined from an invitation. */
  async membershipOf(userId: string): Promise<TeamMemberRow | undefined> {
    const [row] = await this.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.userId, userId), eq(teamMembers.status, 'active')));
    return row;
  }

  /** Adds an invitation; undefined when the address is already invited to (or in) the account. */
  async invite(row: typeof teamMembers.$inferInsert): Promise<TeamMemberRow | undefined> {
    const [created] = await this.db.insert(teamMembers).values(row).onConflictDoNothing().returning();
    return created;
  }

  /** The newest pending invitation of an address (optionally the one a link's secret names). */
  async pendingFor(email: string, tokenHash?: string): Promise<TeamMemberRow | undefined> {
    const byToken = tokenHash ? [eq(teamMembers.tokenHash, tokenHash)] : [];
    const [row] = await this.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.email, email), eq(teamMembers.status, 'pending'), ...byToken))
      .orderBy(desc(teamMembers.invitedAt))
      .limit(1);
    return row;
  }

  /** Every pending invitation of an address, newest first (one per inviting account). */
  pendingInvitationsOf(email: string): Promise<TeamMemberRow[]> {
    return this.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.email, email), eq(teamMembers.status, 'pending')))
      .orderBy(desc(teamMembers.invitedAt));
  }

  /** A pending invitation, only when it was sent to `email`. */
  async pendingInvitation(id: string, email: string): Promise<TeamMemberRow | undefined> {
    const [row] = await this.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.id, id), eq(teamMembers.email, email), eq(teamMembers.status, 'pending')));
    return row;
  }

  async recordInvitationSend(sentByUserId: string, email: string) {
    await this.db.insert(invitationSends).values({ sentByUserId, email });
  }

  /** The invitation emails a user sent in the last hour, in all and to one address, with the oldest of each (when a place frees up). */
  async invitationSendsInLastHour(sentByUserId: string, email: string) {
    const [row] = await this.db
      .select({
        all: sql<number>`count(*)::int`,
        toRecipient: sql<number>`(count(*) filter (where ${invitationSends.email} = ${email}))::int`,
        oldest: sql<string | null>`min(${invitationSends.sentAt})`,
        oldestToRecipient: sql<string | null>`min(${invitationSends.sentAt}) filter (where ${invitationSends.email} = ${email})`,
      })
      .from(invitationSends)
      .where(and(eq(invitationSends.sentByUserId, sentByUserId), sql`${invitationSends.sentAt} > now() - interval '1 hour'`));
    const at = (v: string | Date | null) => (v ? new Date(v) : undefined);
    return { all: row?.all ?? 0, toRecipient: row?.toRecipient ?? 0, oldest: at(row?.oldest ?? null), oldestToRecipient: at(row?.oldestToRecipient ?? null) };
  }

  /** Marks an invitation accepted by `userId`; false when someone else already took it. */
  async activate(id: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .update(teamMembers)
      .set({ status: 'active', userId })
      .where(and(eq(teamMembers.id, id), eq(teamMembers.status, 'pending')))
      .returning({ id: teamMembers.id });
    return rows.length === 1;
  }

  async deleteMember(id: string) {
    await this.db.delete(teamMembers).where(eq(teamMembers.id, id));
  }

  listRoles(accountId: string): Promise<UserRoleRow[]> {
    return this.db.select().from(userRoles).where(eq(userRoles.accountId, accountId)).orderBy(desc(userRoles.createdAt));
  }

  async roleOf(accountId: string, userId: string): Promise<UserRoleRow | undefined> {
    const [row] = await this.db
      .select()
      .from(userRoles)
      .where(and(eq(userRoles.accountId, accountId), eq(userRoles.userId, userId)));
    return row;
  }

  async roleById(accountId: string, id: string): Promise<UserRoleRow | undefined> {
    const [row] = await this.db
      .select()
      .from(userRoles)
      .where(and(eq(userRoles.accountId, accountId), eq(userRoles.id, id)));
    return row;
  }

  /** Gives a user a role in an account, replacing the one they had there. */
  async upsertRole(row: typeof userRoles.$inferInsert): Promise<UserRoleRow> {
    const [saved] = await this.db
      .insert(userRoles)
      .values(row)
      .onConflictDoUpdate({ target: [userRoles.accountId, userRoles.userId], set: { role: row.role, email: row.email, createdAt: new Date() } })
      .returning();
    return saved;
  }

  async deleteRole(id: string) {
    await this.db.delete(userRoles).where(eq(userRoles.id, id));
  }

  /** Drops the roles a user was given in an account they leave. */
  async deleteRolesOf(accountId: string, userId: string) {
    await this.db.delete(userRoles).where(and(eq(userRoles.accountId, accountId), eq(userRoles.userId, userId)));
  }
}
