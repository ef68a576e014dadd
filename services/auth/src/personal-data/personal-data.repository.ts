import { Injectable } from '@nestjs/common';
import { eq, inArray, like, or, sql } from 'drizzle-orm';
import { countPersonalData, erasePersonalData, Repository, type PersonalDataTable } from '@coffer/server-core';
import {
  accounts,
  ssoConnections,
  ssoDomains,
  ssoSignIns,
  avatarUploads,
  brandingSettings,
  invitationSends,
  mfaChallenges,
  oneTimeTokens,
  preferences,
  profiles,
  rateLimits,
  recoveryCodes,
  signInChallenges,
  sessions,
  teamMembers,
  totpFactors,
  userRoles,
  users,
} from '../db/schema.js';

export interface ErasedPerson {
  userId: string;
  email: string;
}

/** Every auth table that holds something of a person, and how a row is known to be theirs. */
function personTables(p: ErasedPerson): PersonalDataTable[] {
  const email = p.email.toLowerCase();
  return [
    ['users', users, eq(users.id, p.userId)],
    ['profiles', profiles, eq(profiles.userId, p.userId)],
    ['sessions', sessions, eq(sessions.userId, p.userId)],
    ['totp_factors', totpFactors, eq(totpFactors.userId, p.userId)],
    ['mfa_challenges', mfaChallenges, eq(mfaChallenges.userId, p.userId)],
    ['recovery_codes', recoveryCodes, eq(recoveryCodes.userId, p.userId)],
    ['one_time_tokens', oneTimeTokens, eq(oneTimeTokens.userId, p.userId)],
    [
      'rate_limits',
      rateLimits,
      or(like(rateLimits.key, `%:account:${email}`), like(rateLimits.key, `%:account:${email}:ip:%`), like(rateLimits.key, `%:account:${p.userId}`))!,
    ],
    ['sign_in_challenges', signInChallenges, eq(signInChallenges.email, email)],
    ['avatar_uploads', avatarUploads, eq(avatarUploads.userId, p.userId)],
    ['preferences', preferences, eq(preferences.userId, p.userId)],
    ['team_members', teamMembers, or(eq(teamMembers.userId, p.userId), eq(teamMembers.email, email))!],
    ['invitation_sends', invitationSends, or(eq(invitationSends.sentByUserId, p.userId), eq(invitationSends.email, email))!],
    ['user_roles', userRoles, or(eq(userRoles.userId, p.userId), eq(userRoles.email, email))!],
    ['accounts', accounts, eq(accounts.ownerId, p.userId)],
  ];
}

/** Deleting a person from the auth service, and proving it: the one place that knows every table they appear in. */
@Injectable()
export class PersonalDataRepository extends Repository {
  /**
   * Deletes the person's rows in the unit of work; with `accountId`, the account they owned
   * alone goes too, with its branding, invitations and roles.
   */
  async erase(person: ErasedPerson, accountId?: string) {
    if (accountId) {
      await this.db.delete(brandingSettings).where(eq(brandingSettings.accountId, accountId));
      await this.db.delete(teamMembers).where(eq(teamMembers.accountId, accountId));
      await this.db.delete(userRoles).where(eq(userRoles.accountId, accountId));
      // The account's single sign-on goes with it, and its domains are free for another account.
      await this.db.delete(ssoDomains).where(eq(ssoDomains.accountId, accountId));
      await this.db.delete(ssoSignIns).where(eq(ssoSignIns.accountId, accountId));
      await this.db.delete(ssoConnections).where(eq(ssoConnections.accountId, accountId));
    }
    await erasePersonalData(this.db, personTables(person));
  }

  /** How many rows of each table still hold something of the person (all zero once erased). */
  async inventory(person: ErasedPerson): Promise<Record<string, number>> {
    const counts = await countPersonalData(this.db, personTables(person));
    const owned = this.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.ownerId, person.userId));
    const [branding] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(brandingSettings)
      .where(inArray(brandingSettings.accountId, owned));
    counts.branding_settings = branding?.n ?? 0;
    return counts;
  }
}
