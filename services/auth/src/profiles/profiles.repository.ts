import { Injectable } from '@nestjs/common';
import { and, eq, lt } from 'drizzle-orm';
import { Repository } from '@coffer/server-core';
import { avatarUploads, profiles } from '../db/schema.js';

export type ProfileRow = typeof profiles.$inferSelect;
export type AvatarUploadRow = typeof avatarUploads.$inferSelect;

/** The only place that reads and writes profiles and avatar uploads. */
@Injectable()
export class ProfilesRepository extends Repository {
  async find(userId: string): Promise<ProfileRow | undefined> {
    const [row] = await this.db.select().from(profiles).where(eq(profiles.userId, userId));
    return row;
  }

  /** A new user's profile. */
  async create(profile: { userId: string; fullName: string; email: string }) {
    await this.db.insert(profiles).values(profile);
  }

  /** Saves the names, company and job title (spec §7 profile upsert). */
  async saveDetails(userId: string, email: string, details: Pick<ProfileRow, 'fullName' | 'firstName' | 'lastName' | 'company' | 'jobTitle'>) {
    await this.db
      .insert(profiles)
      .values({ userId, email, ...details })
      .onConflictDoUpdate({ target: profiles.userId, set: { ...details, updatedAt: new Date() } });
  }

  async addUpload(row: typeof avatarUploads.$inferInsert) {
    await this.db.insert(avatarUploads).values(row);
  }

  async upload(userId: string, id: string): Promise<AvatarUploadRow | undefined> {
    const [row] = await this.db
      .select()
      .from(avatarUploads)
      .where(and(eq(avatarUploads.id, id), eq(avatarUploads.userId, userId)));
    return row;
  }

  /** The user's upload slots that ran out; deleted with `forgetUploads`. */
  expiredUploads(userId: string): Promise<AvatarUploadRow[]> {
    return this.db
      .select()
      .from(avatarUploads)
      .where(and(eq(avatarUploads.userId, userId), lt(avatarUploads.expiresAt, new Date())));
  }

  async forgetUploads(ids: string[]) {
    for (const id of ids) await this.db.delete(avatarUploads).where(eq(avatarUploads.id, id));
  }

  /** Makes an upload the avatar; returns the key it replaced. */
  async setAvatar(userId: string, upload: AvatarUploadRow): Promise<string | null> {
    return this.unit.run(async () => {
      const [before] = await this.db.select({ key: profiles.avatarKey }).from(profiles).where(eq(profiles.userId, userId)).for('update');
      await this.db.update(profiles).set({ avatarKey: upload.key, updatedAt: new Date() }).where(eq(profiles.userId, userId));
      await this.forgetUploads([upload.id]);
      return before?.key ?? null;
    });
  }
}
