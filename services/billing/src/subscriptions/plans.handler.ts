import { Controller, Inject } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { eq } from 'drizzle-orm';
import { BillingSubject, type AccountPlan, type CallerIdentity } from '@coffer/contracts';
import { planFeatures } from '@coffer/plans';
import { Caller, DATABASE, type Database } from '@coffer/server-core';
import { subscriptions } from '../db/schema.js';

/** The plan of the caller's account, and the storage limit it gives (no plan = the trial's 10 GB). */
@Controller()
export class PlansHandler {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  @MessagePattern(BillingSubject.GetPlan)
  async plan(@Caller() caller: CallerIdentity): Promise<AccountPlan> {
    const [row] = await this.db.select().from(subscriptions).where(eq(subscriptions.accountId, caller.accountId));
    return {
      planType: row?.planType ?? null,
      status: row?.status ?? 'none',
      trialEndDate: row?.trialEndDate?.toISOString() ?? null,
      storageLimitBytes: planFeatures(row?.planType).storageLimit,
    };
  }
}
