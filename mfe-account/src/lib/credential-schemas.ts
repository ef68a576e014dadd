import { z } from 'zod';
import { emailSchema, fullNameSchema, passwordSchema, totpCodeSchema } from '@coffer/contracts';

// The account forms' rules (spec §5) with their messages, from the schemas the server checks with.

export const PASSWORDS_DIFFER = 'Passwords do not match';
export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password';

export const signInFormSchema = z.object({ email: emailSchema, password: passwordSchema });
export const signUpFormSchema = z.object({ fullName: fullNameSchema, email: emailSchema, password: passwordSchema });
export const resetRequestFormSchema = z.object({ email: emailSchema });

/** The message under `confirmPassword` when it does not repeat the new password, once that password is right. */
const confirmation = (password: string) => ({
  message: PASSWORDS_DIFFER,
  path: ['confirmPassword'],
  when: (payload: z.core.ParsePayload) => !payload.issues.some((issue) => issue.path?.[0] === password),
});

/** A new password and its confirmation (the reset link's page). */
export const newPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.password, confirmation('password'));

/** The Security tab's Change Password: the current password, then a new one twice. */
export const changePasswordFormSchema = z
  .object({ currentPassword: z.string().min(1, CURRENT_PASSWORD_REQUIRED), newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.newPassword, confirmation('newPassword'));

/** The 6 digits of an authenticator app (two-factor sign-in and setup). */
export const verificationCodeFormSchema = z.object({ code: totpCodeSchema });
