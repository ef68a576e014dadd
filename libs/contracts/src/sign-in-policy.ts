import { z } from 'zod';
import { message } from './messages.js';

/** Request/reply subjects of the account's sign-in policy (owner and admins); answered by the auth service. */
export const SignInPolicySubject = {
  Get: 'auth.sign-in-policy.get',
  Update: 'auth.sign-in-policy.update',
} as const;

export const SignInPolicyEvent = {
  /** The owner or an admin changed the account's sign-in policy (the audit log keeps it). */
  Changed: 'events.auth.sign-in-policy.changed',
} as const;

/** What every call but the two-factor setup ones answers while a member of an account that requires it has no factor. */
export const TWO_FACTOR_SETUP_REQUIRED = 'Your account requires two-factor authentication. Set it up to continue.';
export const TURN_ON_TWO_FACTOR_FIRST = 'Turn on two-factor authentication for yourself first.';
export const TWO_FACTOR_REQUIRED_BY_ACCOUNT = 'Your account requires two-factor authentication: it cannot be turned off.';

export const signInPolicySchema = z.object({
  /** Everyone in the account signs in with a second factor; one without is led through setup first. */
  requireTwoFactor: z.boolean(),
});
export type SignInPolicy = z.output<typeof signInPolicySchema>;
export const updateSignInPolicySchema = z.object({ requireTwoFactor: z.boolean({ error: 'Please choose on or off' }) });
export type UpdateSignInPolicyRequest = z.input<typeof updateSignInPolicySchema>;

export interface SignInPolicyChanged {
  requireTwoFactor: boolean;
}

export interface SignInPolicyEvents {
  [SignInPolicyEvent.Changed]: SignInPolicyChanged;
}

export const signInPolicyRequests = {
  [SignInPolicySubject.Get]: message(z.object({}), signInPolicySchema),
  [SignInPolicySubject.Update]: message(updateSignInPolicySchema, signInPolicySchema),
};
