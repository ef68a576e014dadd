import { z } from 'zod';
import { serviceConfigSchema } from '@coffer/server-core';
import { objectStoreConfigSchema } from '@coffer/server-core/object-store';

const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((v) => v === 'true');
const seconds = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

export const authConfigSchema = serviceConfigSchema
  .extend(objectStoreConfigSchema.shape)
  .extend({
    /** When true, a new user must confirm their email before signing in. */
    AUTH_REQUIRE_EMAIL_CONFIRMATION: flag,
    /** ES256 private key (PKCS#8 PEM) that signs access tokens; unset outside production = one is generated and kept in the database. */
    JWT_PRIVATE_KEY: z.string().includes('PRIVATE KEY', { message: 'must be a PKCS#8 PEM private key' }).optional(),
    /** 32 bytes, base64: encrypts TOTP secrets at rest; unset outside production = generated in DATA_DIR/auth-secrets. */
    TOTP_ENCRYPTION_KEY: z
      .string()
      .regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 bytes in base64')
      .optional(),
    ACCESS_TOKEN_TTL_SECONDS: seconds(900),
    /** Where people open Coffer: single sign-on's redirect URI is its /login. */
    APP_URL: z.url().default('http://localhost:3000'),
    /** Failed attempts on one account before it is locked for AUTH_LOCKOUT_SECONDS. */
    AUTH_LOCKOUT_THRESHOLD: z.coerce.number().int().min(1).default(10),
    /** Failed attempts from one IP address before it is locked for AUTH_LOCKOUT_SECONDS. */
    AUTH_IP_LOCKOUT_THRESHOLD: z.coerce.number().int().min(1).default(100),
    /** Sign-ups from one IP address per failure window, before it must wait (stops account farming). */
    AUTH_SIGNUP_IP_THRESHOLD: z.coerce.number().int().min(1).default(20),
    /** Lets accounts use an identity provider at an internal address (one inside your own network); off, only public addresses. */
    SSO_ALLOW_INTERNAL_PROVIDERS: flag,
    /** Single sign-ons one IP address may start per failure window (each keeps a row and asks the provider). */
    AUTH_SSO_START_IP_THRESHOLD: z.coerce.number().int().min(1).default(100),
    /** Email lookups (does this domain sign in with SSO?) one IP address may make per failure window: stops listing which company covers which domain. */
    AUTH_SSO_LOOKUP_IP_THRESHOLD: z.coerce.number().int().min(1).default(300),
    /** The DNS servers that read the TXT records proving SSO domains (host or host:port, comma-separated); unset = the system's. */
    DNS_SERVERS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    /** After this many failures, each further attempt is answered more slowly. */
    AUTH_SLOWDOWN_AFTER: z.coerce.number().int().min(1).default(3),
    AUTH_LOCKOUT_SECONDS: seconds(900),
    /** Failed sign-ins on one account (from anywhere) after which each sign-in first solves a proof of work. */
    AUTH_CHALLENGE_AFTER: z.coerce.number().int().min(1).default(5),
    /** The work asked: leading zero bits of a SHA-256 (16 is about half a second in a browser; each bit doubles it). */
    AUTH_CHALLENGE_BITS: z.coerce.number().int().min(1).max(24).default(16),
    /** Password hashes and checks (argon2id) at once; more wait in a queue of AUTH_PASSWORD_QUEUE, and beyond it are refused at once. */
    AUTH_PASSWORD_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
    AUTH_PASSWORD_QUEUE: z.coerce.number().int().min(0).max(10_000).default(32),
    /** How many invitation emails one owner or admin may send in an hour (each invitation, and each one again, sends one). */
    INVITATION_SENDS_PER_HOUR: z.coerce.number().int().min(1).default(20),
    /** How many of those may go to one address in an hour. */
    INVITATION_SENDS_PER_RECIPIENT_PER_HOUR: z.coerce.number().int().min(1).default(3),
    /** Failures count towards a lock for this long. */
    AUTH_FAILURE_WINDOW_SECONDS: seconds(900),
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV !== 'production') return;
    if (!c.JWT_PRIVATE_KEY) ctx.addIssue({ code: 'custom', path: ['JWT_PRIVATE_KEY'], message: 'is required in production' });
    if (!c.TOTP_ENCRYPTION_KEY) ctx.addIssue({ code: 'custom', path: ['TOTP_ENCRYPTION_KEY'], message: 'is required in production' });
  });
export type AuthConfig = z.infer<typeof authConfigSchema>;
