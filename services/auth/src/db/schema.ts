import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, text, timestamp, uuid, index, primaryKey, uniqueIndex } from 'drizzle-orm/pg-core';
import type { EmailPreferences, FileViewLayout, GeneralSettings } from '@coffer/contracts';
// outbox and processed_events are @coffer/server-core's (its own migrations): not listed here, so drizzle-kit leaves them alone.

/** A business account (organisation): owns the plan, storage pool, branding and audit log. */
export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  ownerId: uuid('owner_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased and trimmed. */
    email: text('email').notNull().unique(),
    fullName: text('full_name').notNull(),
    accountId: uuid('account_id').notNull(),
    role: text('role', { enum: ['owner', 'admin', 'moderator', 'member'] })
      .notNull()
      .default('owner'),
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Raised on every change of account or role: access tokens carrying an older one are refused. */
    membershipVersion: integer('membership_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('users_account_idx').on(t.accountId)],
);

/** What the account page shows and edits about a person. */
export const profiles = pgTable('profiles', {
  userId: uuid('user_id').primaryKey(),
  /** First and last name joined by a space (spec §7), kept equal to users.full_name. */
  fullName: text('full_name').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  email: text('email').notNull(),
  company: text('company'),
  jobTitle: text('job_title'),
  /** The S3 key of the avatar image (the browser gets a short-lived URL of it). */
  avatarKey: text('avatar_key'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One refresh token each; a rotation adds a session to the family and retires the old one. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    familyId: uuid('family_id').notNull(),
    /** SHA-256 of the refresh token's secret part; null until a refresh token is issued (aal1 sessions). */
    tokenHash: text('token_hash'),
    aal: text('aal', { enum: ['aal1', 'aal2'] }).notNull(),
    rememberMe: boolean('remember_me').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The browser that signed in (as sent, cut to 512 characters) and its address, each renewal taking the latest. */
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    /** When the browser signed in: kept by every renewal of the family. */
    signedInAt: timestamp('signed_in_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the browser last got tokens for this session (sign-in or renewal): Settings → Security shows it. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_family_idx').on(t.familyId)],
);

/**
 * Access tokens refused before they expire, kept for an access token's lifetime and read by every
 * gateway at start: a session that ended, or a user whose tokens carrying an older membership
 * version are refused (account or role changed, or the user was deleted). Kept beyond the user's
 * erasure on purpose (ids only, for minutes): a deleted user's token must stay refused.
 */
export const accessRevocations = pgTable(
  'access_revocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    sessionId: uuid('session_id'),
    membershipVersion: integer('membership_version'),
    /** When the last access token it concerns has expired: the row goes after that. */
    until: timestamp('until', { withTimezone: true }).notNull(),
  },
  (t) => [index('access_revocations_until_idx').on(t.until)],
);

export const totpFactors = pgTable('totp_factors', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  friendlyName: text('friendly_name').notNull(),
  /** AES-256-GCM ciphertext of the base32 secret. */
  secretCiphertext: text('secret_ciphertext').notNull(),
  status: text('status', { enum: ['unverified', 'verified'] })
    .notNull()
    .default('unverified'),
  /** The last accepted time step: a code is never accepted twice. */
  lastUsedStep: integer('last_used_step'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const mfaChallenges = pgTable('mfa_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  factorId: uuid('factor_id').notNull(),
  userId: uuid('user_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** The single-use recovery codes of a user with two-factor on (10 at a time), stored hashed: each opens the two-factor step once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: uuid('user_id').notNull(),
    /** SHA-256 of the normalised code (80 random bits each, so a hash is enough). */
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

/** Single-use links sent by email (password reset, email verification), stored hashed. */
export const oneTimeTokens = pgTable('one_time_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  purpose: text('purpose', { enum: ['reset-password', 'verify-email'] }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** The access-token signing key of the embedded default (production passes JWT_PRIVATE_KEY). */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  privateKeyPem: text('private_key_pem').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Failed attempts per account or IP address, shared by every replica. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

/** An avatar the browser was given an upload URL for, not yet checked and set. */
export const avatarUploads = pgTable(
  'avatar_uploads',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    contentType: text('content_type').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('avatar_uploads_user_idx').on(t.userId)],
);

/** How the people of an account sign in (owner and admins set it): two-factor required for everyone. */
export const signInPolicies = pgTable('sign_in_policies', {
  accountId: uuid('account_id').primaryKey(),
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  updatedBy: uuid('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The account's single sign-on through its OpenID provider (owner and admins set it; plans with advanced security). */
export const ssoConnections = pgTable('sso_connections', {
  accountId: uuid('account_id').primaryKey(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** Sealed like the TOTP secrets (AES-256-GCM with the same key): never returned or logged. */
  clientSecretSealed: text('client_secret_sealed').notNull(),
  createUsers: boolean('create_users').notNull().default(false),
  ssoOnly: boolean('sso_only').notNull().default(false),
  updatedBy: uuid('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The email domains an account's single sign-on lists. A domain counts only once verified (its DNS TXT record holds
 * the token): verified, it belongs to one account at most; unverified, several accounts may list it.
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text('domain').notNull(),
    accountId: uuid('account_id').notNull(),
    /** 244 random bits (two v4 UUIDs), published by the account in its DNS to prove it holds the domain. */
    verificationToken: text('verification_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.domain] }),
    index('sso_domains_account_idx').on(t.accountId),
    uniqueIndex('sso_domains_verified_idx')
      .on(t.domain)
      .where(sql`${t.verifiedAt} is not null`),
  ],
);

/** A single sign-on under way: its state (hashed), nonce and PKCE verifier, used once and only for a few minutes. */
export const ssoSignIns = pgTable('sso_sign_ins', {
  stateHash: text('state_hash').primaryKey(),
  accountId: uuid('account_id').notNull(),
  email: text('email').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  /** The hash of the secret in the starting browser's cookie: another browser cannot finish it. */
  browserBindingHash: text('browser_binding_hash').notNull(),
  rememberMe: boolean('remember_me').notNull().default(false),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Email preferences and general settings, one row per user (defaults until saved). */
export const preferences = pgTable('preferences', {
  userId: uuid('user_id').primaryKey(),
  email: jsonb('email').$type<EmailPreferences>().notNull(),
  general: jsonb('general').$type<GeneralSettings>().notNull(),
  /** How the file lists show items (grid or list), followed to every browser the user signs in on. */
  fileView: text('file_view').$type<FileViewLayout>().notNull().default('grid'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Invitations to an account (pending) and the people who joined from them (active). */
export const teamMembers = pgTable(
  'team_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    /** Stored lower-cased and trimmed. */
    email: text('email').notNull(),
    role: text('role', { enum: ['member', 'admin'] })
      .notNull()
      .default('member'),
    status: text('status', { enum: ['pending', 'active'] })
      .notNull()
      .default('pending'),
    invitedBy: uuid('invited_by').notNull(),
    /** The user who joined (active members). */
    userId: uuid('user_id'),
    /** SHA-256 of the invitation link's secret. */
    tokenHash: text('token_hash').notNull(),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_members_account_email_idx').on(t.accountId, t.email),
    index('team_members_email_idx').on(t.email),
    index('team_members_user_idx').on(t.userId),
  ],
);

/** One invitation email sent: counted per sender and per recipient for an hour (no one is flooded through Coffer). */
export const invitationSends = pgTable(
  'invitation_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sentByUserId: uuid('sent_by_user_id').notNull(),
    /** Stored lower-cased and trimmed. */
    email: text('email').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invitation_sends_sender_time_idx').on(t.sentByUserId, t.sentAt)],
);

/** Roles given on the User Permissions card: they override the role a member joined with. */
export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id').notNull(),
    userId: uuid('user_id').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: ['admin', 'moderator', 'member'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_roles_account_user_idx').on(t.accountId, t.userId), index('user_roles_user_idx').on(t.userId)],
);

/** An account's branding (spec §3 branding_settings, kept per account). */
export const brandingSettings = pgTable('branding_settings', {
  accountId: uuid('account_id').primaryKey(),
  companyName: text('company_name').notNull().default(''),
  logoUrl: text('logo_url').notNull().default(''),
  primaryColor: text('primary_color').notNull().default('#000000'),
  secondaryColor: text('secondary_color').notNull().default('#ffffff'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A proof of work handed to a sign-in for an account that saw repeated failures; taken (deleted) when answered. */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    email: text('email').notNull(),
    bits: integer('bits').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_challenges_expires_idx').on(t.expiresAt)],
);
