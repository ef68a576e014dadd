import type { SignInChallenge } from './sign-in-challenge.js';

/** Error codes shared by every service and the gateway; the message is what the UI shows. */
export const ErrorCode = {
  ValidationFailed: 'VALIDATION_FAILED',
  Unauthenticated: 'UNAUTHENTICATED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  ServiceUnavailable: 'SERVICE_UNAVAILABLE',
  Internal: 'INTERNAL',
  AccountExists: 'ACCOUNT_EXISTS',
  InvalidCredentials: 'INVALID_CREDENTIALS',
  EmailNotConfirmed: 'EMAIL_NOT_CONFIRMED',
  InvalidMfaCode: 'INVALID_MFA_CODE',
  MfaRequired: 'MFA_REQUIRED',
  InvalidToken: 'INVALID_TOKEN',
  TooManyAttempts: 'TOO_MANY_ATTEMPTS',
  /** Sign-in asks a proof of work first (the account saw repeated failures): solve `challenge` and send it again. */
  ChallengeRequired: 'CHALLENGE_REQUIRED',
  /** The account requires two-factor and the caller has none: only setting it up is allowed. */
  TwoFactorSetupRequired: 'TWO_FACTOR_SETUP_REQUIRED',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The error that crosses NATS from a service to the gateway. */
export interface RpcErrorBody {
  code: ErrorCode;
  status: number;
  message: string;
  /** With TOO_MANY_ATTEMPTS: when the caller may try again (sent as Retry-After). */
  retryAfterSeconds?: number;
  /** With CHALLENGE_REQUIRED: the proof of work to solve. */
  challenge?: SignInChallenge;
}

/** The error body every HTTP client of the gateway receives. */
export interface HttpErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  correlationId: string;
  /** With CHALLENGE_REQUIRED: the proof of work to solve before signing in again. */
  challenge?: SignInChallenge;
}

export function isRpcErrorBody(value: unknown): value is RpcErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && typeof v.status === 'number' && typeof v.message === 'string';
}
