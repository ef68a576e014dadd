import { createHash } from 'node:crypto';
import { challengeInput, leadingZeroBits, solveSignInChallenge } from './sign-in-challenge.js';

describe('sign-in challenge', () => {
  it('counts the leading zero bits of a digest', () => {
    expect(leadingZeroBits(new Uint8Array([0x80]))).toBe(0);
    expect(leadingZeroBits(new Uint8Array([0x01, 0xff]))).toBe(7);
    expect(leadingZeroBits(new Uint8Array([0, 0, 0x10]))).toBe(19);
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16);
  });

  it('finds a solution the server accepts, reporting its progress', async () => {
    const tried: number[] = [];
    const answer = await solveSignInChallenge({ token: 'a-token', bits: 12 }, (n) => tried.push(n));
    const digest = createHash('sha256').update(challengeInput('a-token', answer.solution)).digest();
    expect(leadingZeroBits(digest)).toBeGreaterThanOrEqual(12);
    expect(answer.token).toBe('a-token');
    // Every candidate before the solution fails: the one found is the first.
    for (let n = 0; n < Number(answer.solution); n++) {
      expect(
        leadingZeroBits(
          createHash('sha256')
            .update(challengeInput('a-token', String(n)))
            .digest(),
        ),
      ).toBeLessThan(12);
    }
    expect(tried.length).toBe(Math.floor(Number(answer.solution) / 256));
  });
});
