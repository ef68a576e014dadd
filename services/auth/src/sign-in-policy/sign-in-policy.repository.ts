import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { signInPolicies } from '../db/schema.js';

/** The only place that reads and writes the accounts' sign-in policies. */
@Injectable()
export class SignInPolicyRepository extends Repository {
  async requiresTwoFactor(accountId: string): Promise<boolean> {
    const rows = await this.db
      .select({ requireTwoFactor: signInPolicies.requireTwoFactor })
      .from(signInPolicies)
      .where(eq(signInPolicies.accountId, accountId));
    return rows[0]?.requireTwoFactor ?? false;
  }

  async setRequireTwoFactor(accountId: string, requireTwoFactor: boolean, updatedBy: string) {
    await this.db
      .insert(signInPolicies)
      .values({ accountId, requireTwoFactor, updatedBy })
      .onConflictDoUpdate({ target: signInPolicies.accountId, set: { requireTwoFactor, updatedBy, updatedAt: new Date() } });
  }
}
