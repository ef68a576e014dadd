import { toApiError } from './api-error';

/** A toast's copy; errors are destructive (spec §8). Fits @coffer/ui's `toast()` as it is. */
export interface ToastCopy {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

/** The error codes of the auth API the UI reacts to. */
export const AuthErrorCode = {
  AccountExists: 'ACCOUNT_EXISTS',
  InvalidCredentials: 'INVALID_CREDENTIALS',
  EmailNotConfirmed: 'EMAIL_NOT_CONFIRMED',
  InvalidMfaCode: 'INVALID_MFA_CODE',
  InvalidToken: 'INVALID_TOKEN',
  TooManyAttempts: 'TOO_MANY_ATTEMPTS',
  ValidationFailed: 'VALIDATION_FAILED',
} as const;

const UNEXPECTED = 'An unexpected error occurred';

const failure = (title: string, description: string): ToastCopy => ({ variant: 'destructive', title, description });

/** The success toasts of the account flows, word for word from the spec. */
export const AUTH_TOASTS = {
  signedUp: { title: 'Welcome to Coffer', description: 'Your account has been created successfully.' },
  /** Sign-up when the address must be confirmed before the first sign-in. */
  confirmationSent: { title: 'Welcome to Coffer', description: 'Please check your email and confirm your account.' },
  signedIn: { title: 'Welcome back!', description: "You've successfully signed in." },
  signedOut: { title: 'Signed out', description: "You've been successfully signed out." },
  invalidCode: failure('Invalid code', 'Please enter a 6-digit verification code'),
  twoFactorEnabled: { title: '2FA enabled!', description: 'Your account is now protected by two-factor authentication.' },
  twoFactorDisabled: { title: '2FA disabled', description: 'Two-factor authentication has been turned off.' },
  copied: { title: 'Copied!', description: 'The secret is on your clipboard.' },
  recoveryCodesCopied: { title: 'Copied!', description: 'The recovery codes are on your clipboard.' },
  recoveryCodesRenewed: { title: 'New recovery codes', description: 'Your earlier recovery codes no longer work.' },
  passwordUpdated: { title: 'Password updated', description: 'Your password has been changed.' },
  passwordReset: { title: 'Password updated', description: 'Sign in with your new password.' },
} satisfies Record<string, ToastCopy>;

/** Signed in with a recovery code: that code is used up; say how many are left. */
export function signedInWithRecoveryCodeToast(left: number): ToastCopy {
  const rest =
    left === 0 ? 'That was your last recovery code: get new ones in Settings → Security.' : `You have ${left} recovery code${left === 1 ? '' : 's'} left.`;
  return { title: 'Welcome back!', description: rest };
}

/** Sign-up failed: "Account exists" for a registered email, else "Sign up failed" with the message. */
export function signUpErrorToast(error: unknown): ToastCopy {
  const { code, message } = toApiError(error);
  if (code === AuthErrorCode.AccountExists) {
    return failure('Account exists', 'This email is already registered. Please sign in instead.');
  }
  return failure('Sign up failed', message ?? UNEXPECTED);
}

/** Sign-in failed: wrong password, unconfirmed email, or anything else (a rate limit, say) with its message. */
export function signInErrorToast(error: unknown): ToastCopy {
  const { code, message } = toApiError(error);
  if (code === AuthErrorCode.InvalidCredentials) {
    return failure('Invalid credentials', 'The email or password you entered is incorrect.');
  }
  if (code === AuthErrorCode.EmailNotConfirmed) {
    return failure('Email not confirmed', 'Please check your email and confirm your account.');
  }
  return failure('Sign in failed', message ?? UNEXPECTED);
}

/** A second-factor code was refused (sign-in and 2FA setup alike). */
export function verificationErrorToast(error: unknown): ToastCopy {
  return failure('Verification failed', toApiError(error).message ?? 'Invalid verification code');
}

export function signOutErrorToast(error: unknown): ToastCopy {
  return failure('Error', toApiError(error).message ?? 'Failed to sign out');
}

export function enrollmentErrorToast(error: unknown): ToastCopy {
  return failure('Enrollment failed', toApiError(error).message ?? UNEXPECTED);
}

export function disableTwoFactorErrorToast(error: unknown): ToastCopy {
  return failure('Failed to disable 2FA', toApiError(error).message ?? UNEXPECTED);
}

export function changePasswordErrorToast(error: unknown): ToastCopy {
  return failure('Failed to update password', toApiError(error).message ?? UNEXPECTED);
}

export function resetPasswordErrorToast(error: unknown): ToastCopy {
  return failure('Password reset failed', toApiError(error).message ?? UNEXPECTED);
}

export function requestResetErrorToast(error: unknown): ToastCopy {
  return failure('Failed to send reset link', toApiError(error).message ?? UNEXPECTED);
}

/** True when a sign-up failed because the email is registered (the form then switches to sign-in). */
export function isAccountExists(error: unknown): boolean {
  return toApiError(error).code === AuthErrorCode.AccountExists;
}
