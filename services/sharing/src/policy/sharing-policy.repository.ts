import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { OPEN_SHARING_POLICY, type SharingPolicy } from '@coffer/contracts';
import { Repository } from '@coffer/server-core';
import { sharingPolicies } from '../db/schema.js';

/** The only place that reads and writes the accounts' sharing policies. */
@Injectable()
export class SharingPolicyRepository extends Repository {
  /** The account's policy; the open one while nobody has set it. */
  async of(accountId: string): Promise<SharingPolicy> {
    const [row] = await this.db.select().from(sharingPolicies).where(eq(sharingPolicies.accountId, accountId));
    if (!row) return OPEN_SHARING_POLICY;
    return {
      linksAllowed: row.linksAllowed,
      passwordRequired: row.passwordRequired,
      maxExpiryDays: row.maxExpiryDays,
      allowedEmailDomains: row.allowedEmailDomains,
    };
  }

  async set(accountId: string, policy: SharingPolicy, updatedBy: string): Promise<void> {
    const values = { ...policy, updatedBy, updatedAt: new Date() };
    await this.db
      .insert(sharingPolicies)
      .values({ accountId, ...values })
      .onConflictDoUpdate({ target: sharingPolicies.accountId, set: values });
  }
}
