import { AVATAR_NOT_AN_IMAGE, AVATAR_TOO_LARGE } from '@coffer/contracts';
import { avatarProblem } from './avatar-check';

describe('avatar check in the browser', () => {
  it('takes a JPG, PNG or GIF under 2 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/gif']) expect(avatarProblem({ type, size: 1000 })).toBeNull();
  });
  it("refuses other types and 2 MB or more with the spec's messages", () => {
    expect(avatarProblem({ type: 'image/svg+xml', size: 100 })).toBe(AVATAR_NOT_AN_IMAGE);
    expect(avatarProblem({ type: 'application/pdf', size: 100 })).toBe(AVATAR_NOT_AN_IMAGE);
    expect(avatarProblem({ type: 'image/png', size: 2 * 1024 * 1024 })).toBe(AVATAR_TOO_LARGE);
    expect(avatarProblem({ type: 'image/png', size: 0 })).toBe(AVATAR_NOT_AN_IMAGE);
  });
});
