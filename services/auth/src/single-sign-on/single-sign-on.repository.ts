import { Injectable } from '@nestjs/common';
import { and, eq, inArray, isNotNull, isNull, lt, ne, notInArray, sql } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { ssoConnections, ssoDomains, ssoSignIns } from '../db/schema.js';

export type SsoConnectionRow = typeof ssoConnections.$inferSelect;
export type SsoSignInRow = typeof ssoSignIns.$inferSelect;
export type SsoDomainRow = typeof ssoDomains.$inferSelect;
export type SsoConnection = SsoConnectionRow & { domains: SsoDomainRow[] };

/** The only place that reads and writes the accounts' single sign-on, its domains and the sign-ins under way. */
@Injectable()
export class SingleSignOnRepository extends Repository {
  async find(accountId: string): Promise<SsoConnection | undefined> {
    const [row] = await this.db.select().from(ssoConnections).where(eq(ssoConnections.accountId, accountId));
    if (!row) return undefined;
    const domains = await this.db.select().from(ssoDomains).where(eq(ssoDomains.accountId, accountId)).orderBy(ssoDomains.domain);
    return { ...row, domains };
  }

  /** The account whose single sign-on covers `domain` (verified), if any. */
  async accountCovering(domain: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ accountId: ssoDomains.accountId })
      .from(ssoDomains)
      .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.verifiedAt)));
    return row?.accountId;
  }

  /** Of `domains`, those another account has verified. */
  async domainsOfOthers(accountId: string, domains: string[]): Promise<string[]> {
    if (domains.length === 0) return [];
    const rows = await this.db
      .select({ domain: ssoDomains.domain })
      .from(ssoDomains)
      .where(and(inArray(ssoDomains.domain, domains), ne(ssoDomains.accountId, accountId), isNotNull(ssoDomains.verifiedAt)));
    return rows.map((r) => r.domain);
  }

  /** Saves the connection and makes `domains` exactly its domains: those it kept keep their token and verification; new ones start unverified. */
  async save(row: Omit<typeof ssoConnections.$inferInsert, 'updatedAt'>, domains: string[]): Promise<void> {
    const { accountId, ...rest } = row;
    await this.db
      .insert(ssoConnections)
      .values(row)
      .onConflictDoUpdate({ target: ssoConnections.accountId, set: { ...rest, updatedAt: new Date() } });
    await this.db.delete(ssoDomains).where(and(eq(ssoDomains.accountId, accountId), notInArray(ssoDomains.domain, domains)));
    await this.db
      .insert(ssoDomains)
      .values(domains.map((domain) => ({ domain, accountId })))
      .onConflictDoNothing({ target: [ssoDomains.accountId, ssoDomains.domain] });
  }

  /**
   * Marks the account's `domain` verified, and drops other accounts' unverified claims of it (they can no longer
   * verify it). Verifications of one domain wait for each other (an advisory lock of the transaction): the first
   * wins; after it, the account that won finds it `already` verified, any other finds its claim gone (`taken`).
   */
  async markVerified(accountId: string, domain: string): Promise<'verified' | 'already' | 'taken'> {
    return this.unit.run(async () => {
      await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`coffer-sso-domain-${domain}`}))`);
      const [own] = await this.db
        .select({ verifiedAt: ssoDomains.verifiedAt })
        .from(ssoDomains)
        .where(and(eq(ssoDomains.accountId, accountId), eq(ssoDomains.domain, domain)));
      if (!own) return 'taken';
      if (own.verifiedAt) return 'already';
      await this.db.delete(ssoDomains).where(and(eq(ssoDomains.domain, domain), ne(ssoDomains.accountId, accountId), isNull(ssoDomains.verifiedAt)));
      await this.db
        .update(ssoDomains)
        .set({ verifiedAt: new Date() })
        .where(and(eq(ssoDomains.accountId, accountId), eq(ssoDomains.domain, domain)));
      return 'verified';
    });
  }

  async remove(accountId: string): Promise<boolean> {
    await this.db.delete(ssoDomains).where(eq(ssoDomains.accountId, accountId));
    await this.db.delete(ssoSignIns).where(eq(ssoSignIns.accountId, accountId));
    const removed = await this.db.delete(ssoConnections).where(eq(ssoConnections.accountId, accountId)).returning({ accountId: ssoConnections.accountId });
    return removed.length > 0;
  }

  async startSignIn(row: Omit<typeof ssoSignIns.$inferInsert, 'createdAt'>) {
    // The ones that ran out are of no use to anyone: each start clears them.
    await this.db.delete(ssoSignIns).where(lt(ssoSignIns.expiresAt, new Date()));
    await this.db.insert(ssoSignIns).values(row);
  }

  /** Takes the sign-in of a state once: a second call with the same state finds nothing. */
  async takeSignIn(stateHash: string): Promise<SsoSignInRow | undefined> {
    const [row] = await this.db.delete(ssoSignIns).where(eq(ssoSignIns.stateHash, stateHash)).returning();
    return row;
  }
}
