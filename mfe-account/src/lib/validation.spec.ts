import {
  CURRENT_PASSWORD_REQUIRED,
  PASSWORDS_DIFFER,
  validateChangePassword,
  validateNewPassword,
  validateSignIn,
  validateSignUp,
} from './validation';

const EMAIL = 'Please enter a valid email address';
const PASSWORD = 'Password must be at least 6 characters';
const NAME = 'Name must be at least 2 characters';

describe('sign-in and sign-up validation (spec §5)', () => {
  it('asks for a valid email and a password of at least 6 characters', () => {
    expect(validateSignIn({ email: '', password: '' })).toEqual({ email: EMAIL, password: PASSWORD });
    expect(validateSignIn({ email: 'ada@example', password: '12345' })).toEqual({ email: EMAIL, password: PASSWORD });
    expect(validateSignIn({ email: ' Ada@Example.com ', password: '123456' })).toEqual({});
  });

  it('asks sign-up for a name of at least 2 characters too', () => {
    expect(validateSignUp({ fullName: ' A ', email: 'ada@example.com', password: 'secret1' })).toEqual({ fullName: NAME });
    expect(validateSignUp({ fullName: '', email: 'x', password: '' })).toEqual({ fullName: NAME, email: EMAIL, password: PASSWORD });
    expect(validateSignUp({ fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'secret1' })).toEqual({});
  });
});

describe('new password validation', () => {
  it('applies the password rules, then asks for a matching confirmation', () => {
    expect(validateNewPassword({ password: 'abc', confirmPassword: 'abc' })).toEqual({ password: PASSWORD });
    expect(validateNewPassword({ password: 'secret1', confirmPassword: 'secret2' })).toEqual({ confirmPassword: PASSWORDS_DIFFER });
    expect(validateNewPassword({ password: 'secret1', confirmPassword: 'secret1' })).toEqual({});
  });

  it('needs the current password to change it', () => {
    expect(validateChangePassword({ currentPassword: '', newPassword: 'secret1', confirmPassword: 'secret1' })).toEqual({
      currentPassword: CURRENT_PASSWORD_REQUIRED,
    });
    expect(validateChangePassword({ currentPassword: 'old-one', newPassword: 'short', confirmPassword: '' })).toEqual({ newPassword: PASSWORD });
  });
});
