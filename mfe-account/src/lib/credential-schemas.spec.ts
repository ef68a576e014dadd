import { checkForm } from '@coffer/ui/form';
import {
  changePasswordFormSchema,
  CURRENT_PASSWORD_REQUIRED,
  newPasswordFormSchema,
  PASSWORDS_DIFFER,
  resetRequestFormSchema,
  signInFormSchema,
  signUpFormSchema,
} from './credential-schemas';

const EMAIL = 'Please enter a valid email address';
const PASSWORD = 'Password must be at least 6 characters';
const NAME = 'Name must be at least 2 characters';

const errorsOf = (...args: Parameters<typeof checkForm>) => checkForm(...args).errors;

describe('sign-in and sign-up validation (spec §5)', () => {
  it('asks for a valid email and a password of at least 6 characters', () => {
    expect(errorsOf(signInFormSchema, { email: '', password: '' })).toEqual({ email: EMAIL, password: PASSWORD });
    expect(errorsOf(signInFormSchema, { email: 'ada@example', password: '12345' })).toEqual({ email: EMAIL, password: PASSWORD });
    expect(checkForm(signInFormSchema, { email: ' Ada@Example.com ', password: '123456' })).toEqual({
      success: true,
      data: { email: 'ada@example.com', password: '123456' },
      errors: {},
    });
  });

  it('asks sign-up for a name of at least 2 characters too', () => {
    expect(errorsOf(signUpFormSchema, { fullName: ' A ', email: 'ada@example.com', password: 'secret1' })).toEqual({ fullName: NAME });
    expect(errorsOf(signUpFormSchema, { fullName: '', email: 'x', password: '' })).toEqual({ fullName: NAME, email: EMAIL, password: PASSWORD });
    expect(errorsOf(signUpFormSchema, { fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'secret1' })).toEqual({});
  });

  it('asks for a valid email before sending a reset link', () => {
    expect(errorsOf(resetRequestFormSchema, { email: 'ada' })).toEqual({ email: EMAIL });
    expect(errorsOf(resetRequestFormSchema, { email: 'ada@example.com' })).toEqual({});
  });
});

describe('new password validation', () => {
  it('applies the password rules, then asks for a matching confirmation', () => {
    expect(errorsOf(newPasswordFormSchema, { password: 'abc', confirmPassword: 'abc' })).toEqual({ password: PASSWORD });
    expect(errorsOf(newPasswordFormSchema, { password: 'abc', confirmPassword: 'abd' })).toEqual({ password: PASSWORD });
    expect(errorsOf(newPasswordFormSchema, { password: 'secret1', confirmPassword: 'secret2' })).toEqual({ confirmPassword: PASSWORDS_DIFFER });
    expect(errorsOf(newPasswordFormSchema, { password: 'secret1', confirmPassword: 'secret1' })).toEqual({});
  });

  it('needs the current password to change it', () => {
    expect(errorsOf(changePasswordFormSchema, { currentPassword: '', newPassword: 'secret1', confirmPassword: 'secret1' })).toEqual({
      currentPassword: CURRENT_PASSWORD_REQUIRED,
    });
    expect(errorsOf(changePasswordFormSchema, { currentPassword: 'old-one', newPassword: 'short', confirmPassword: '' })).toEqual({ newPassword: PASSWORD });
    expect(errorsOf(changePasswordFormSchema, { currentPassword: '', newPassword: 'secret1', confirmPassword: 'secret2' })).toEqual({
      currentPassword: CURRENT_PASSWORD_REQUIRED,
      confirmPassword: PASSWORDS_DIFFER,
    });
  });
});
