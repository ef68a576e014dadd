import { z } from 'zod';
import { message } from './messages.js';
import { signInChallengeAnswerSchema } from './sign-in-challenge.js';
import { isoDateTime, nameText, okReplySchema, text } from './text.js';

/** Request/reply subjects of the auth service. */
export const AuthSubject = {
  SignUp: 'auth.user.sign-up',
  SignIn: 'auth.user.sign-in',
  Refresh: 'auth.session.refresh',
  SignOut: 'auth.session.sign-out',
  GetSession: 'auth.session.get',
  ListFactors: 'auth.factor.list',
  EnrollFactor: 'auth.factor.enroll',
  ChallengeFactor: 'auth.factor.challenge',
  VerifyFactor: 'auth.factor.verify',
  UnenrollFactor: 'auth.factor.unenroll',
  /** The two-factor step of a sign-in with a recovery code instead of the authenticator's. */
  UseRecoveryCode: 'auth.factor.recovery-code.use',
  RegenerateRecoveryCodes: 'auth.factor.recovery-codes.regenerate',
  ForgotPassword: 'auth.password.forgot',
  ResetPassword: 'auth.password.reset',
  ChangePassword: 'auth.password.change',
  VerifyEmail: 'auth.email.verify',
  /** Asked by the sharing service (never by the gateway): the caller proved they own `email` through a share email's link. */
  ConfirmEmailOwnership: 'auth.email.ownership-proven',
  GetJwks: 'auth.jwks.get',
  /** Asked by every gateway at start (and after NATS came back): the access tokens refused before they expire. */
  ListRevocations: 'auth.revocations.list',
} as const;

/** Events published by the auth service. */
export const AuthEvent = {
  UserRegistered: 'events.auth.user.registered',
  EmailVerificationRequested: 'events.auth.email.verification-requested',
  EmailVerified: 'events.auth.email.verified',
  PasswordResetRequested: 'events.auth.password.reset-requested',
  SessionsRevoked: 'events.auth.sessions.revoked',
  /** A session was issued: a password sign-in (with its second factor, when the user has one) or a sign-up. */
  SignedIn: 'events.auth.user.signed-in',
  /** Two-factor turned on or off, recovery codes made anew, or one used (the audit log keeps each). */
  TwoFactorChanged: 'events.auth.two-factor.changed',
  /** A user changed their name on their profile: every service that names people takes the new one. */
  NameChanged: 'events.auth.user.name-changed',
} as const;

/** Access tokens: who issues them and for whom. */
export const ACCESS_TOKEN_ISSUER = 'coffer-auth';
export const ACCESS_TOKEN_AUDIENCE = 'coffer';

/** Spec §5 rules and messages. */
export const emailSchema = text('Please enter a valid email address')
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Please enter a valid email address' }).max(320));
export const passwordSchema = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(6, 'Password must be at least 6 characters')
  .max(128, 'Password must be at most 128 characters');
export const fullNameSchema = nameText('Name must be at least 2 characters').trim().min(2, 'Name must be at least 2 characters').max(200);
export const totpCodeSchema = z.string({ error: 'Please enter a 6-digit verification code' }).regex(/^\d{6}$/, 'Please enter a 6-digit verification code');

export const signUpSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** The secret of an invitation link: signing up through it proves the address and joins the inviting account. */
  inviteToken: z.string().max(200).optional(),
});
export type SignUpRequest = z.input<typeof signUpSchema>;
export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password must be at least 6 characters' }).min(1).max(128),
  rememberMe: z.boolean().default(false),
  /** Asked for (CHALLENGE_REQUIRED) once the account has seen repeated failed sign-ins. */
  challenge: signInChallengeAnswerSchema.optional(),
});
export type SignInRequest = z.input<typeof signInSchema>;
export const refreshSchema = z.object({ refreshToken: z.string().min(1).max(200) });
export type RefreshRequest = z.input<typeof refreshSchema>;
export const signOutSchema = z.object({ refreshToken: z.string().max(200).optional() });
export const factorIdSchema = z.object({ factorId: z.uuid({ error: 'Factor not found' }) });
export const verifyCodeSchema = z.object({ challengeId: z.uuid({ error: 'Challenge not found' }), code: totpCodeSchema });
export const verifyFactorSchema = factorIdSchema.extend(verifyCodeSchema.shape);

/** How many recovery codes enabling two-factor (or making them anew) gives. */
export const RECOVERY_CODE_COUNT = 10;
const recoveryCodeMessage = 'Please enter a recovery code';
/** A recovery code as typed: any case, spaces and dashes ignored (16 characters of a-z and 2-9). */
export const recoveryCodeSchema = z
  .string({ error: recoveryCodeMessage })
  .max(64, recoveryCodeMessage)
  .transform((code) => code.toLowerCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^[a-z2-9]{16}$/, recoveryCodeMessage));
export const useRecoveryCodeSchema = z.object({ recoveryCode: recoveryCodeSchema });

/** What turning two-factor off or making new recovery codes asks: the current password or a current authenticator code. */
const twoFactorProofShape = {
  password: z.string({ error: 'Current password is incorrect' }).min(1, 'Current password is incorrect').max(128, 'Current password is incorrect').optional(),
  code: totpCodeSchema.optional(),
};
const twoFactorProofMessage = 'Enter your current password or a code from your authenticator app';
const hasProof = (p: { password?: string; code?: string }) => Boolean(p.password ?? p.code);
export const twoFactorProofSchema = z.object(twoFactorProofShape).refine(hasProof, { error: twoFactorProofMessage });
export type TwoFactorProof = z.input<typeof twoFactorProofSchema>;
export const unenrollFactorSchema = z.object({ ...factorIdSchema.shape, ...twoFactorProofShape }).refine(hasProof, { error: twoFactorProofMessage });
export const forgotPasswordSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({
  token: z
    .string({ error: 'This reset link is invalid or has expired.' })
    .min(1, 'This reset link is invalid or has expired.')
    .max(200, 'This reset link is invalid or has expired.'),
  password: passwordSchema,
});
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Current password is incorrect' }).min(1, 'Current password is incorrect').max(128, 'Current password is incorrect'),
  newPassword: passwordSchema,
});
export const verifyEmailSchema = z.object({
  token: z
    .string({ error: 'This confirmation link is invalid or has expired.' })
    .min(1, 'This confirmation link is invalid or has expired.')
    .max(200, 'This confirmation link is invalid or has expired.'),
});

export const sessionUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  fullName: z.string(),
  emailVerified: z.boolean(),
  createdAt: isoDateTime(),
});
export type SessionUser = z.output<typeof sessionUserSchema>;

/** What the browser gets of a signed-in session: the access token (the refresh token goes in an httpOnly cookie). */
export const browserSessionSchema = z.object({
  accessToken: z.string(),
  expiresIn: z.number().int().describe('seconds until the access token expires'),
  user: sessionUserSchema,
});
export type BrowserSession = z.output<typeof browserSessionSchema>;

/** A signed-in session: the access token for the body, the refresh token for the cookie. */
export const sessionIssuedSchema = browserSessionSchema.extend({
  refreshToken: z.string(),
  /** When the refresh cookie expires; null = a browser-session cookie ("Remember me" unchecked). */
  refreshExpiresAt: isoDateTime().nullable(),
});
export type SessionIssued = z.output<typeof sessionIssuedSchema>;

/** Password accepted, second factor needed: an aal1 token that can only verify it. */
export const mfaChallengeRequiredSchema = z.object({
  mfaRequired: z.literal(true),
  factorId: z.uuid(),
  accessToken: z.string(),
  expiresIn: z.number().int(),
});
export type MfaChallengeRequired = z.output<typeof mfaChallengeRequiredSchema>;

/** Signed up, but the address must be confirmed before signing in (AUTH_REQUIRE_EMAIL_CONFIRMATION). */
export const confirmationRequiredSchema = z.object({ confirmationRequired: z.literal(true) });
export type ConfirmationRequired = z.output<typeof confirmationRequiredSchema>;

export const signInReplySchema = z.union([sessionIssuedSchema, mfaChallengeRequiredSchema, confirmationRequiredSchema]);
export type SignInReply = z.output<typeof signInReplySchema>;
/** The HTTP answer of sign-up, sign-in and factor verification. */
export const browserSignInReplySchema = z.union([browserSessionSchema, mfaChallengeRequiredSchema, confirmationRequiredSchema]);

const newRecoveryCodes = z.array(z.string()).describe(`the ${RECOVERY_CODE_COUNT} single-use recovery codes, shown this once (stored hashed)`);
/** A factor verified: when this turned two-factor on, the new recovery codes come with the session. */
export const factorVerifiedSchema = sessionIssuedSchema.extend({ recoveryCodes: newRecoveryCodes.optional() });
export type FactorVerified = z.output<typeof factorVerifiedSchema>;
export const browserFactorVerifiedSchema = browserSessionSchema.extend({ recoveryCodes: newRecoveryCodes.optional() });
/** Signed in with a recovery code: that code is used up; this many are left. */
export const recoveryCodeUsedSchema = sessionIssuedSchema.extend({ recoveryCodesLeft: z.number().int() });
export type RecoveryCodeUsed = z.output<typeof recoveryCodeUsedSchema>;
export const browserRecoveryCodeUsedSchema = browserSessionSchema.extend({ recoveryCodesLeft: z.number().int() });
export const recoveryCodesSchema = z.object({ recoveryCodes: newRecoveryCodes });
export type RecoveryCodes = z.output<typeof recoveryCodesSchema>;

export const factorSchema = z.object({
  id: z.uuid(),
  factorType: z.literal('totp'),
  status: z.enum(['verified', 'unverified']),
  friendlyName: z.string(),
});
export type Factor = z.output<typeof factorSchema>;

const assuranceLevel = z.enum(['aal1', 'aal2']);
export const sessionInfoSchema = z.object({
  user: sessionUserSchema,
  currentLevel: assuranceLevel,
  nextLevel: assuranceLevel,
  factors: z.array(factorSchema),
  /** Unused recovery codes (0 while two-factor is off). */
  recoveryCodesLeft: z.number().int(),
  /** The account requires two-factor and the user has none: the app leads them through setup before anything else. */
  twoFactorSetupRequired: z.boolean(),
});
export type SessionInfo = z.output<typeof sessionInfoSchema>;

export const factorEnrolledSchema = z.object({
  id: z.uuid(),
  qrCode: z.string().describe('an SVG data URL of the otpauth URI'),
  secret: z.string(),
  uri: z.string(),
});
export type FactorEnrolled = z.output<typeof factorEnrolledSchema>;

export const challengeCreatedSchema = z.object({ id: z.uuid() });
export type ChallengeCreated = z.output<typeof challengeCreatedSchema>;

export const jwksSchema = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });
export type Jwks = z.output<typeof jwksSchema>;

const noPayload = z.object({});

/** The membership version of a deleted user: every access token they hold is older. */
export const DELETED_USER_VERSION = 2_147_483_647;

export const listRevocationsSchema = z.object({
  /** The last page's `next`: pages are asked one after the other. */
  after: z.uuid().optional(),
});
/**
 * What access tokens are refused although not expired: sessions that ended, and users whose tokens
 * carrying an older membership version are refused (their account or role changed, or they were
 * deleted). Each entry holds `forSeconds` more (by the auth service's clock, so no two clocks are
 * compared); a live event holds an access token's lifetime.
 */
export const revocationsSchema = z.object({
  accessTokenTtlSeconds: z.number().int().positive(),
  sessions: z.array(z.object({ sessionId: z.uuid(), forSeconds: z.number().nonnegative() })),
  users: z.array(z.object({ userId: z.uuid(), membershipVersion: z.number().int(), forSeconds: z.number().nonnegative() })),
  /** More to ask for, after this id. */
  next: z.uuid().optional(),
});
export type Revocations = z.output<typeof revocationsSchema>;

/** Every request the auth service answers: its payload and its reply. */
export const authRequests = {
  [AuthSubject.SignUp]: message(signUpSchema, signInReplySchema),
  [AuthSubject.SignIn]: message(signInSchema, signInReplySchema),
  [AuthSubject.Refresh]: message(refreshSchema, sessionIssuedSchema),
  [AuthSubject.SignOut]: message(signOutSchema, okReplySchema),
  [AuthSubject.GetSession]: message(noPayload, sessionInfoSchema),
  [AuthSubject.ListFactors]: message(noPayload, z.array(factorSchema)),
  [AuthSubject.EnrollFactor]: message(noPayload, factorEnrolledSchema),
  [AuthSubject.ChallengeFactor]: message(factorIdSchema, challengeCreatedSchema),
  [AuthSubject.VerifyFactor]: message(verifyFactorSchema, factorVerifiedSchema),
  [AuthSubject.UnenrollFactor]: message(unenrollFactorSchema, okReplySchema),
  [AuthSubject.UseRecoveryCode]: message(useRecoveryCodeSchema, recoveryCodeUsedSchema),
  [AuthSubject.RegenerateRecoveryCodes]: message(twoFactorProofSchema, recoveryCodesSchema),
  [AuthSubject.ForgotPassword]: message(forgotPasswordSchema, okReplySchema),
  [AuthSubject.ResetPassword]: message(resetPasswordSchema, okReplySchema),
  [AuthSubject.ChangePassword]: message(changePasswordSchema, okReplySchema),
  [AuthSubject.VerifyEmail]: message(verifyEmailSchema, okReplySchema),
  [AuthSubject.ConfirmEmailOwnership]: message(z.object({ email: emailSchema }), okReplySchema),
  [AuthSubject.GetJwks]: message(noPayload, jwksSchema),
  [AuthSubject.ListRevocations]: message(listRevocationsSchema, revocationsSchema),
};

/** A new account and its owner. */
export interface UserRegistered {
  userId: string;
  accountId: string;
  email: string;
  fullName: string;
}

/** A user proved they own their email address. */
export interface EmailVerified {
  userId: string;
  email: string;
}

/** Asks for the email that confirms a user's address; the token is single-use. */
export interface EmailVerificationRequested {
  userId: string;
  email: string;
  fullName: string;
  token: string;
}

/** Asks for the email with a one-time password reset link, valid one hour. */
export interface PasswordResetRequested {
  userId: string;
  email: string;
  fullName: string;
  token: string;
  expiresAt: string;
}

/** Sessions that ended before their tokens expire: gateways refuse their access tokens from now on. */
export interface SessionsRevoked {
  userId: string;
  sessionIds: string[];
}

/** A user signed in (the audit log keeps it, with the client's IP and user agent). */
export interface SignedIn {
  userId: string;
  email: string;
  method: 'password' | 'second-factor' | 'recovery-code' | 'sso';
}

/** A change to a user's two-factor sign-in (never the codes themselves). */
export interface TwoFactorChanged {
  userId: string;
  email: string;
  change: 'enabled' | 'disabled' | 'recovery-codes-regenerated' | 'recovery-code-used';
  /** Unused recovery codes after the change. */
  recoveryCodesLeft: number;
  /** What the user proved themselves with, for a change that asks for it. */
  proof?: 'password' | 'code';
}

/** A user's full name as it is now (the profile's first and last name), with their address. */
export interface NameChanged {
  userId: string;
  email: string;
  fullName: string;
}

/** The payload of each auth event. */
export interface AuthEvents {
  [AuthEvent.NameChanged]: NameChanged;
  [AuthEvent.SignedIn]: SignedIn;
  [AuthEvent.TwoFactorChanged]: TwoFactorChanged;
  [AuthEvent.UserRegistered]: UserRegistered;
  [AuthEvent.EmailVerificationRequested]: EmailVerificationRequested;
  [AuthEvent.EmailVerified]: EmailVerified;
  [AuthEvent.PasswordResetRequested]: PasswordResetRequested;
  [AuthEvent.SessionsRevoked]: SessionsRevoked;
}
