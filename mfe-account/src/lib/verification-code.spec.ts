import { isVerificationCode, toVerificationCode } from './verification-code';

describe('the verification code', () => {
  it('keeps digits only, at most 6', () => {
    expect(toVerificationCode('12a 34-5')).toBe('12345');
    expect(toVerificationCode('123 456 789')).toBe('123456');
    expect(toVerificationCode('abc')).toBe('');
  });

  it('is complete with exactly 6 digits', () => {
    expect(isVerificationCode('123456')).toBe(true);
    expect(isVerificationCode('12345')).toBe(false);
    expect(isVerificationCode('12345a')).toBe(false);
  });
});
