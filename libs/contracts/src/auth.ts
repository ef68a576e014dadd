/** Events published by the auth service. */
export const AuthEvent = {
  UserRegistered: 'events.auth.user.registered',
  EmailVerificationRequested: 'events.auth.email.verification-requested',
  PasswordResetRequested: 'events.auth.password.reset-requested',
} as const;

export interface UserRegistered {
  userId: string;
  accountId: string;
  email: string;
  fullName: string;
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
