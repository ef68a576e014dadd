import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { brandingSettings } from '../db/schema.js';

export type BrandingRow = typeof brandingSettings.$inferSelect;

/** The only place that reads and writes an account's branding. */
@Injectable()
export class BrandingRepository extends Repository {
  async find(accountId: string): Promise<BrandingRow | undefined> {
    const [row] = await this.db.select().from(brandingSettings).where(eq(brandingSettings.accountId, accountId));
    return row;
  }

  async save(row: Omit<typeof brandingSettings.$inferInsert, 'updatedAt'>): Promise<BrandingRow> {
    const { accountId: _accountId, ...settings } = row;
    const [saved] = await this.db
      .insert(brandingSettings)
      .values(row)
      .onConflictDoUpdate({ target: brandingSettings.accountId, set: { ...settings, updatedAt: new Date() } })
      .returning();
    return saved;
  }
}
