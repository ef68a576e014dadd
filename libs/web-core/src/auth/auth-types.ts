/**
 * The auth routes of the HTTP API as the browser sees them (`/api/auth/*`).
 * The shapes come from @coffer/contracts; only what differs in the browser is
 * declared here. The refresh token never appears: it travels only in the
 * httpOnly cookie.
 */
import type { ConfirmationRequired, Factor, FactorEnrolled, MfaChallengeRequired, SessionInfo, SessionIssued } from '@coffer/contracts';

export type { Factor, SessionInfo, SessionUser, SignInRequest, SignUpRequest } from '@coffer/contracts';

/** POST /api/auth/factors: a TOTP factor to scan (its QR code as a data: URL), not yet verified. */
export type EnrolledFactor = FactorEnrolled;

export type AssuranceLevel = SessionInfo['currentLevel'];

/** A signed-in session: sign-up, sign-in, refresh and a verified second factor answer with it (minus the cookie's refresh token). */
export type IssuedSession = Omit<SessionIssued, 'refreshToken' | 'refreshExpiresAt'>;

export type SignUpReply = IssuedSession | ConfirmationRequired;
export type SignInReply = IssuedSession | MfaChallengeRequired;

export function isMfaRequired(reply: SignInReply): reply is MfaChallengeRequired {
  return 'mfaRequired' in reply && reply.mfaRequired === true;
}

export function isConfirmationRequired(reply: SignUpReply): reply is ConfirmationRequired {
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
