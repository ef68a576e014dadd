import { emailSchema, fullNameSchema, passwordSchema } from '@coffer/contracts';

/** The spec's rules (§5) with its messages, from the same schemas the server checks with. */
interface Rule {
  safeParse(value: unknown): { error?: { issues: ReadonlyArray<{ message: string }> } };
}
const problem = (rule: Rule, value: string): string | undefined => rule.safeParse(value).error?.issues[0]?.message;

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export const PASSWORDS_DIFFER = 'Passwords do not match';
export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password';

/** Drops undefined entries, so "no errors" is `{}`. */
function only<Field extends string>(errors: Record<Field, string | undefined>): FieldErrors<Field> {
  return Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined)) as FieldErrors<Field>;
}

export function validateEmail(email: string): string | undefined {
  return problem(emailSchema, email);
}

export function validateSignIn(fields: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  return only({ email: validateEmail(fields.email), password: problem(passwordSchema, fields.password) });
}

export function validateSignUp(fields: { fullName: string; email: string; password: string }): FieldErrors<'fullName' | 'email' | 'password'> {
  return only({
    fullName: problem(fullNameSchema, fields.fullName),
    email: validateEmail(fields.email),
    password: problem(passwordSchema, fields.password),
  });
}

/** A new password and its confirmation (reset link, Security tab). */
export function validateNewPassword(fields: { password: string; confirmPassword: string }): FieldErrors<'password' | 'confirmPassword'> {
  const password = problem(passwordSchema, fields.password);
  return only({
    password,
    confirmPassword: !password && fields.confirmPassword !== fields.password ? PASSWORDS_DIFFER : undefined,
  });
}

export function validateChangePassword(fields: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): FieldErrors<'currentPassword' | 'newPassword' | 'confirmPassword'> {
  const { password, confirmPassword } = validateNewPassword({ password: fields.newPassword, confirmPassword: fields.confirmPassword });
  return only({
    currentPassword: fields.currentPassword === '' ? CURRENT_PASSWORD_REQUIRED : undefined,
    newPassword: password,
    confirmPassword,
  });
}
