import { boolean, integer, pgTable, text, timestamp, uuid, index } from 'drizzle-orm/pg-core';
// outbox and processed_events are @coffer/server-core's (its own migrations): not listed here, so drizzle-kit leaves them alone.

/** A business account (organisation): owns the plan, storage pool, branding and audit log. */
export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  ownerId: uuid('owner_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored lower-cased and trimmed. */
  email: text('email').notNull().unique(),
  fullName: text('full_name').notNull(),
  accountId: uuid('account_id').notNull(),
  role: text('role', { enum: ['owner', 'admin', 'moderator', 'member'] }).notNull().default('owner'),
  passwordHash: text('password_hash'),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** What the account page shows and edits about a person. */
export const profiles = pgTable('profiles', {
  userId: uuid('user_id').primaryKey(),
  fullName: text('full_name').notNull(),
  email: text('email').notNull(),
  company: text('company'),
  jobTitle: text('job_title'),
  avatarUrl: text('avatar_url'),
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
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_family_idx').on(t.familyId)],
);

export const totpFactors = pgTable('totp_factors', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  friendlyName: text('friendly_name').notNull(),
  /** AES-256-GCM ciphertext of the base32 secret. */
  secretCiphertext: text('secret_ciphertext').notNull(),
  status: text('status', { enum: ['unverified', 'verified'] }).notNull().default('unverified'),
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
