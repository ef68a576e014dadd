import type { z } from 'zod';

/**
 * One request/reply message: the schema its payload is validated with where it
 * is received, and the schema of what it answers (the reply's type, and its
 * description in the API document).
 */
export interface RequestContract<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  payload: P;
  reply: R;
}

/** Declares one request/reply message of a domain's map. */
export const message = <P extends z.ZodType, R extends z.ZodType>(payload: P, reply: R): RequestContract<P, R> => ({ payload, reply });

/** A domain's map from each request subject to its contract. */
export type RequestMap = Record<string, RequestContract>;
