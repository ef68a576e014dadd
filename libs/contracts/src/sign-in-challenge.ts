import { z } from 'zod';

/**
 * A proof of work asked of sign-in once an account has seen repeated failures:
 * find a `solution` whose SHA-256 of `token:solution` starts with `bits` zero
 * bits. A browser does it in a second or two; someone guessing passwords from
 * many addresses pays that for every single guess.
 */
export const signInChallengeSchema = z.object({ token: z.string(), bits: z.number().int().min(1).max(32) });
export type SignInChallenge = z.output<typeof signInChallengeSchema>;

/** What a sign-in sends back: the challenge's token and the solution found. */
export const signInChallengeAnswerSchema = z.object({
  token: z.string().min(1).max(64),
  solution: z.string().regex(/^\d{1,16}$/, 'Invalid challenge solution'),
});
export type SignInChallengeAnswer = z.output<typeof signInChallengeAnswerSchema>;

/** The leading zero bits of a digest. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** The text whose digest a solution is judged by. */
export const challengeInput = (token: string, solution: string) => `${token}:${solution}`;

/** Tries this many candidates at once: the digests run off the main thread, so a page stays responsive. */
const BATCH = 256;

/** Finds a solution with Web Crypto (browsers and Node alike); `onProgress` hears the candidates tried so far. */
export async function solveSignInChallenge(challenge: SignInChallenge, onProgress?: (tried: number) => void): Promise<SignInChallengeAnswer> {
  const encoder = new TextEncoder();
  for (let start = 0; ; start += BATCH) {
    const digests = await Promise.all(
      Array.from({ length: BATCH }, (_, i) => crypto.subtle.digest('SHA-256', encoder.encode(challengeInput(challenge.token, String(start + i))))),
    );
    const found = digests.findIndex((d) => leadingZeroBits(new Uint8Array(d)) >= challenge.bits);
    if (found >= 0) return { token: challenge.token, solution: String(start + found) };
    onProgress?.(start + BATCH);
  }
}
