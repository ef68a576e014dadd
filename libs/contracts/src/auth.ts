import { z } from 'zod';

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
  ForgotPassword: 'auth.password.forgot',
  ResetPassword: 'auth.password.reset',
  ChangePassword: 'auth.password.change',
  VerifyEmail: 'auth.email.verify',
  GetJwks: 'auth.jwks.get',
} as const;

/** Events published by the auth service. */
export const AuthEvent = {
  UserRegistered: 'events.auth.user.registered',
  EmailVerificationRequested: 'events.auth.email.verification-requested',
  EmailVerified: 'events.auth.email.verified',
  PasswordResetRequested: 'events.auth.password.reset-requested',
  SessionsRevoked: 'events.auth.sessions.revoked',
} as const;

/** Access tokens: who issues them and for whom. */
export const ACCESS_TOKEN_ISSUER = 'coffer-auth';
export const ACCESS_TOKEN_AUDIENCE = 'coffer';

/** Spec §5 rules and messages. */
export const emailSchema = z.string({ error: 'Please enter a valid email address' }).trim().toLowerCase().pipe(z.email({ error: 'Please enter a valid email address' }).max(320));
export const passwordSchema = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(6, 'Password must be at least 6 characters')
  .max(128, 'Password must be at most 128 characters');
export const fullNameSchema = z.string({ error: 'Name must be at least 2 characters' }).trim().min(2, 'Name must be at least 2 characters').max(200);
export const totpCodeSchema = z.string({ error: 'Please enter a 6-digit verification code' }).regex(/^\d{6}$/, 'Please enter a 6-digit verification code');

export const signUpSchema = z.object({ fullName: fullNameSchema, email: emailSchema, password: passwordSchema });
export type SignUpRequest = z.input<typeof signUpSchema>;
export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password must be at least 6 characters' }).min(1).max(128),
  rememberMe: z.boolean().default(false),
});
export type SignInRequest = z.input<typeof signInSchema>;
export const refreshSchema = z.object({ refreshToken: z.string().min(1).max(200) });
export const signOutSchema = z.object({ refreshToken: z.string().max(200).optional() });
export const challengeSchema = z.object({ factorId: z.uuid() });
export const verifyFactorSchema = z.object({ factorId: z.uuid(), challengeId: z.uuid(), code: totpCodeSchema });
export const unenrollSchema = z.object({ factorId: z.uuid() });
export const forgotPasswordSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({ token: z.string().min(1).max(200), password: passwordSchema });
export const changePasswordSchema = z.object({ currentPassword: z.string().min(1).max(128), newPassword: passwordSchema });
export const verifyEmailSchema = z.object({ token: z.string().min(1).max(200) });

export interface SessionUser {
  id: string;
  email: string;
  fullName: string;
  emailVerified: boolean;
  createdAt: string;
}

/** A signed-in session: the access token for the body, the refresh token for the cookie. */
export interface SessionIssued {
  accessToken: string;
  expiresIn: number;
  user: SessionUser;
  refreshToken: string;
  /** When the refresh cookie expires; null = a browser-session cookie ("Remember me" unchecked). */
  refreshExpiresAt: string | null;
}

/** Password accepted, second factor needed: an aal1 token that can only verify it. */
export interface MfaChallengeRequired {
  mfaRequired: true;
  factorId: string;
  accessToken: string;
  expiresIn: number;
}

export interface ConfirmationRequired {
  confirmationRequired: true;
}

export type SignInReply = SessionIssued | MfaChallengeRequired | ConfirmationRequired;

export interface Factor {
  id: string;
  factorType: 'totp';
  status: 'verified' | 'unverified';
  friendlyName: string;
}

export interface SessionInfo {
  user: SessionUser;
  currentLevel: 'aal1' | 'aal2';
  nextLevel: 'aal1' | 'aal2';
  factors: Factor[];
}

export interface FactorEnrolled {
  id: string;
  qrCode: string;
  secret: string;
  uri: string;
}

export interface Jwks {
  keys: Array<Record<string, unknown>>;
}

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
