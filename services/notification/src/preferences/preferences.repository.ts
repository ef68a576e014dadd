import { Injectable } from '@nestjs/common';
import { Repository } from '@coffer/server-core';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_GENERAL_SETTINGS, type GeneralSettings, type PreferencesChanged } from '@coffer/contracts';
import { userPreferences } from '../db/schema.js';

/** The only place that reads and writes the users' preferences as this service knows them. */
@Injectable()
export class PreferencesRepository extends Repository {
  /** Keeps the latest preferences of a user (an older event never overwrites a newer one). */
  async save(userId: string, preferences: PreferencesChanged['preferences'], changedAt: Date) {
    await this.db
      .insert(userPreferences)
      .values({ userId, email: preferences.email, general: preferences.general, updatedAt: changedAt })
      .onConflictDoUpdate({
        target: userPreferences.userId,
        set: { email: preferences.email, general: preferences.general, updatedAt: changedAt },
        setWhere: sql`${userPreferences.updatedAt} <= ${changedAt.toISOString()}`,
      });
  }

  /** The user's general settings, or the defaults until they change them. */
  async general(userId: string): Promise<GeneralSettings> {
    const [row] = await this.db.select({ general: userPreferences.general }).from(userPreferences).where(eq(userPreferences.userId, userId));
    return row?.general ?? DEFAULT_GENERAL_SETTINGS;
  }
}
