import { avatarInitials } from './avatar-initials';

describe('avatarInitials', () => {
  it('takes the first letters of the first and last names', () => {
    expect(avatarInitials('Ada Lovelace')).toBe('AL');
    expect(avatarInitials('  grace  brewster murray hopper ')).toBe('GH');
  });

  it('takes the first two letters of a single name', () => {
    expect(avatarInitials('ada')).toBe('AD');
    expect(avatarInitials('Ö')).toBe('Ö');
  });

  it('is "U" without a name', () => {
    expect(avatarInitials('')).toBe('U');
    expect(avatarInitials('   ')).toBe('U');
    expect(avatarInitials(null)).toBe('U');
  });
});
