import {
  AUTH_TOASTS,
  changePasswordErrorToast,
  disableTwoFactorErrorToast,
  enrollmentErrorToast,
  isAccountExists,
  signInErrorToast,
  signOutErrorToast,
  signUpErrorToast,
  verificationErrorToast,
} from './auth-messages';

/** An RTK Query error carrying the API's error body. */
const apiError = (statusCode: number, code: string, message: string) => ({
  status: statusCode,
  data: { statusCode, code, message, correlationId: 'c-1' },
});
const networkError = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };
const destructive = (title: string, description: string) => ({ variant: 'destructive', title, description });

describe('sign-up errors', () => {
  it('an existing account: "Account exists", and the form switches to sign-in', () => {
    const error = apiError(409, 'ACCOUNT_EXISTS', 'This email is already registered. Please sign in instead.');
    expect(signUpErrorToast(error)).toEqual(destructive('Account exists', 'This email is already registered. Please sign in instead.'));
    expect(isAccountExists(error)).toBe(true);
  });

  it('anything else: "Sign up failed" with the message, or "An unexpected error occurred"', () => {
    expect(signUpErrorToast(apiError(400, 'VALIDATION_FAILED', 'Please enter a valid email address'))).toEqual(
      destructive('Sign up failed', 'Please enter a valid email address'),
    );
    expect(signUpErrorToast({ status: 500, data: null })).toEqual(destructive('Sign up failed', 'An unexpected error occurred'));
    expect(isAccountExists(apiError(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts.'))).toBe(false);
  });
});

describe('sign-in errors', () => {
  it('"Invalid login credentials" reads "Invalid credentials" / "The email or password you entered is incorrect."', () => {
    expect(signInErrorToast(apiError(400, 'INVALID_CREDENTIALS', 'Invalid login credentials'))).toEqual(
      destructive('Invalid credentials', 'The email or password you entered is incorrect.'),
    );
  });

  it('"Email not confirmed" asks to check the email', () => {
    expect(signInErrorToast(apiError(403, 'EMAIL_NOT_CONFIRMED', 'Email not confirmed'))).toEqual(
      destructive('Email not confirmed', 'Please check your email and confirm your account.'),
    );
  });

  it('anything else is "Sign in failed" with the server message (a rate limit, say)', () => {
    expect(signInErrorToast(apiError(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts. Please try again in 15 minutes.'))).toEqual(
      destructive('Sign in failed', 'Too many attempts. Please try again in 15 minutes.'),
    );
    expect(signInErrorToast(networkError)).toEqual(destructive('Sign in failed', 'Coffer could not be reached. Please check your connection and try again.'));
    expect(signInErrorToast({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'SyntaxError' })).toEqual(
      destructive('Sign in failed', 'An unexpected error occurred'),
    );
  });
});

describe('two-factor and sign-out errors', () => {
  it('a refused code: "Verification failed" with the message, or "Invalid verification code"', () => {
    expect(verificationErrorToast(apiError(400, 'INVALID_MFA_CODE', 'Invalid verification code'))).toEqual(
      destructive('Verification failed', 'Invalid verification code'),
    );
    expect(verificationErrorToast(apiError(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts. Please try again in 5 minutes.'))).toEqual(
      destructive('Verification failed', 'Too many attempts. Please try again in 5 minutes.'),
    );
    expect(verificationErrorToast({ status: 500, data: {} })).toEqual(destructive('Verification failed', 'Invalid verification code'));
  });

  it('a code of the wrong length: "Invalid code"', () => {
    expect(AUTH_TOASTS.invalidCode).toEqual(destructive('Invalid code', 'Please enter a 6-digit verification code'));
  });

  it('2FA setup and removal show the server message', () => {
    expect(enrollmentErrorToast(apiError(409, 'CONFLICT', 'Two-factor authentication is already enabled'))).toEqual(
      destructive('Enrollment failed', 'Two-factor authentication is already enabled'),
    );
    expect(disableTwoFactorErrorToast(apiError(403, 'FORBIDDEN', 'Verify your second factor first'))).toEqual(
      destructive('Failed to disable 2FA', 'Verify your second factor first'),
    );
  });

  it('sign-out: "Error" with the message, or "Failed to sign out"', () => {
    expect(signOutErrorToast(apiError(503, 'SERVICE_UNAVAILABLE', 'The auth service is unavailable'))).toEqual(
      destructive('Error', 'The auth service is unavailable'),
    );
    expect(signOutErrorToast({ name: 'Error' })).toEqual(destructive('Error', 'Failed to sign out'));
  });

  it('a wrong current password when changing it', () => {
    expect(changePasswordErrorToast(apiError(400, 'INVALID_CREDENTIALS', 'Current password is incorrect'))).toEqual(
      destructive('Failed to update password', 'Current password is incorrect'),
    );
  });
});

describe('success toasts', () => {
  it("use the spec's words", () => {
    expect(AUTH_TOASTS.signedUp).toEqual({ title: 'Welcome to Coffer', description: 'Your account has been created successfully.' });
    expect(AUTH_TOASTS.signedIn).toEqual({ title: 'Welcome back!', description: "You've successfully signed in." });
    expect(AUTH_TOASTS.signedOut).toEqual({ title: 'Signed out', description: "You've been successfully signed out." });
    expect(AUTH_TOASTS.twoFactorEnabled.title).toBe('2FA enabled!');
    expect(AUTH_TOASTS.twoFactorDisabled.title).toBe('2FA disabled');
    expect(AUTH_TOASTS.copied.title).toBe('Copied!');
  });
});
