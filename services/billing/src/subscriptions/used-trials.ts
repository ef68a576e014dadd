import { createHash } from 'node:crypto';

/** A person as billing knows them when they start a trial or are erased. */
export interface TrialPerson {
  userId: string;
  email: string;
}

/** The key of a person's user id in `used_trials`: dropped when the person is erased. */
export const userTrialKey = (userId: string) => `user:${userId}`;

/**
 * The key of an address in `used_trials`: a SHA-256 of the address as auth keeps it (trimmed, lower case),
 * so the address itself is not kept, yet registering it again is known.
 */
export const emailTrialKey = (email: string) => `email:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

/** Every key a person's trial is known by: their user id (across accounts) and their address (across deletion). */
export const trialKeysOf = (person: TrialPerson) => [userTrialKey(person.userId), emailTrialKey(person.email)];
