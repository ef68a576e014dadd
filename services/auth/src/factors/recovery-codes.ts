import { randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@coffer/contracts';
import { tokenHash } from '@coffer/server-core';

/** 32 letters and digits that cannot be mistaken for each other (no l, o, 0, 1): 5 bits a character. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
/** 16 characters: 80 random bits, too many to guess even from a stolen hash, so SHA-256 is enough. */
const LENGTH = 16;

/** A new set of recovery codes, as the user writes them down: `abcd-efgh-jkmn-pqrs`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(LENGTH)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/** What is kept of a code: the hash of its characters (any case, without spaces and dashes). */
export const recoveryCodeHash = (code: string) => tokenHash(code.toLowerCase().replace(/[\s-]/g, ''));
