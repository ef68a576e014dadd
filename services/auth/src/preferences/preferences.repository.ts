import { Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import type { Preferences } from '@coffer/contracts';
import { preferences } from '../db/schema.js';

/** The only place that reads and writes email preferences, general settings and the file view. */
@Injectable()
export class PreferencesRepository extends Repository {
  async find(userId: string): Promise<Preferences | undefined> {
    const [row] = await this.db
      .select({ email: preferences.email, general: preferences.general, fileView: preferences.fileView })
      .from(preferences)
      .where(eq(preferences.userId, userId));
    return row;
  }

  async save(userId: string, saved: Preferences) {
    await this.db
      .insert(preferences)
      .values({ userId, ...saved })
      .onConflictDoUpdate({ target: preferences.userId, set: { ...saved, updatedAt: new Date() } });
  }
}
