/**
 * The auth routes of the HTTP API as the browser sees them (`/api/auth/*`).
 * The refresh token never appears here: it travels only in the httpOnly cookie.
 */

export type AssuranceLevel = 'aal1' | 'aal2';

export interface SessionUser {
  id: string;
  email: string;
  fullName: string;
  emailVerified: boolean;
  createdAt: string;
}

/** A signed-in session: sign-up, sign-in, refresh and a verified second factor answer with it. */
export interface IssuedSession {
  accessToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  user: SessionUser;
}

/** Password accepted, second factor needed: the aal1 token may only verify it (or sign out). */
export interface MfaRequiredReply {
  mfaRequired: true;
  factorId: string;
  accessToken: string;
  expiresIn: number;
}

/** Sign-up with email confirmation required: no session until the address is confirmed. */
export interface ConfirmationRequiredReply {
  confirmationRequired: true;
}

export type SignUpReply = IssuedSession | ConfirmationRequiredReply;
export type SignInReply = IssuedSession | MfaRequiredReply;

export interface SignUpRequest {
  fullName: string;
  email: string;
  password: string;
}

export interface SignInRequest {
  email: string;
  password: string;
  rememberMe: boolean;
}

export interface Factor {
  id: string;
  factorType: 'totp';
  status: 'verified' | 'unverified';
  friendlyName: string;
}

/** GET /api/auth/session */
export interface SessionInfo {
  user: SessionUser;
  currentLevel: AssuranceLevel;
  nextLevel: AssuranceLevel;
  factors: Factor[];
}

/** POST /api/auth/factors: a TOTP factor to scan, not yet verified. */
export interface EnrolledFactor {
  id: string;
  /** A data: URL of the QR code PNG. */
  qrCode: string;
  /** The base32 secret, for typing into an authenticator by hand. */
  secret: string;
  uri: string;
}

export function isMfaRequired(reply: SignInReply): reply is MfaRequiredReply {
  return 'mfaRequired' in reply && reply.mfaRequired === true;
}

export function isConfirmationRequired(reply: SignUpReply): reply is ConfirmationRequiredReply {
  return 'confirmationRequired' in reply && reply.confirmationRequired === true;
}

/** The factor "disable 2FA" removes: the first verified TOTP factor (only verified factors count). */
export function firstVerifiedTotpFactor(info: Pick<SessionInfo, 'factors'>): Factor | undefined {
  return info.factors.find((factor) => factor.factorType === 'totp' && factor.status === 'verified');
}

/**
 * Two-factor is on when the session is, or can become, aal2 (spec §4), and a
 * verified factor is left: right after disabling, the session's own token may
 * still say aal2 until it is refreshed.
 */
export function isTwoFactorEnabled(info: Pick<SessionInfo, 'currentLevel' | 'nextLevel' | 'factors'>): boolean {
  return (info.currentLevel === 'aal2' || info.nextLevel === 'aal2') && firstVerifiedTotpFactor(info) !== undefined;
}
