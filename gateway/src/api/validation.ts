import { Body, Param, Query, type PipeTransform } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { z } from 'zod';
import { ErrorCode, type RpcErrorBody } from '@coffer/contracts';

/** A 400 with the first problem's message: the schemas in @coffer/contracts carry the spec's wording. */
export function validationError(error: z.ZodError): RpcException {
  const issue = error.issues[0];
  const message = issue?.code === 'unrecognized_keys' ? `Unknown parameter "${issue.keys[0]}"` : (issue?.message ?? 'Invalid request');
  return new RpcException({ code: ErrorCode.ValidationFailed, status: 400, message } satisfies RpcErrorBody);
}

/**
 * Validates one part of an HTTP request (body, query or path parameters) with
 * a zod schema from @coffer/contracts, the same one the service validates the
 * NATS payload with. The API document reads the schema from here too.
 */
export class ZodValidationPipe<S extends z.ZodType = z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  private readonly validator: z.ZodType;

  /** `strict`: a key the schema does not name is refused rather than dropped (queries and paths: a typo there changes the answer). */
  constructor(
    readonly schema: S,
    strict = false,
  ) {
    this.validator = strict && schema instanceof z.ZodObject ? schema.strict() : schema;
  }

  transform(value: unknown): z.output<S> {
    // A body that is not JSON (or none at all) arrives as undefined: validated as an empty object.
    const parsed = this.validator.safeParse(value ?? {});
    if (!parsed.success) throw validationError(parsed.error);
    return parsed.data as z.output<S>;
  }
}

/** The JSON body, validated with `schema`; fields it does not name are dropped. */
export const ValidBody = (schema: z.ZodType) => Body(new ZodValidationPipe(schema));
/** The query string, validated with `schema`; a parameter it does not name is refused. */
export const ValidQuery = (schema: z.ZodType) => Query(new ZodValidationPipe(schema, true));
/** The path parameters, validated with `schema`. */
export const ValidParams = (schema: z.ZodType) => Param(new ZodValidationPipe(schema, true));

/** What a handler receives from a part validated with `S`. */
export type Valid<S extends z.ZodType> = z.output<S>;

/** The `:id` of a route path: anything but an id answers with `notFoundMessage`, like an id that does not exist. */
export const idParams = (notFoundMessage: string) => z.object({ id: z.uuid({ error: notFoundMessage }) });
export type IdParams = { id: string };
