import { Body, Param, Query, type PipeTransform } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { z } from 'zod';
import { ErrorCode, type RpcErrorBody } from '@coffer/contracts';

/** A 400 with the first problem's message: the schemas in @coffer/contracts carry the spec's wording. */
export function validationError(error: z.ZodError): RpcException {
  const message = error.issues[0]?.message ?? 'Invalid request';
  return new RpcException({ code: ErrorCode.ValidationFailed, status: 400, message } satisfies RpcErrorBody);
}

/**
 * Validates one part of an HTTP request (body, query or path parameters) with
 * a zod schema from @coffer/contracts, the same one the service validates the
 * NATS payload with. The API document reads the schema from here too.
 */
export class ZodValidationPipe<S extends z.ZodType = z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    // A body that is not JSON (or none at all) arrives as undefined: validated as an empty object.
    const parsed = this.schema.safeParse(value ?? {});
    if (!parsed.success) throw validationError(parsed.error);
    return parsed.data;
  }
}

/** The JSON body, validated with `schema`. */
export const ValidBody = (schema: z.ZodType) => Body(new ZodValidationPipe(schema));
/** The query string, validated with `schema`. */
export const ValidQuery = (schema: z.ZodType) => Query(new ZodValidationPipe(schema));
/** The path parameters, validated with `schema`. */
export const ValidParams = (schema: z.ZodType) => Param(new ZodValidationPipe(schema));

/** What a handler receives from a part validated with `S`. */
export type Valid<S extends z.ZodType> = z.output<S>;

/** The `:id` of a route path: anything but an id answers with `notFoundMessage`, like an id that does not exist. */
export const idParams = (notFoundMessage: string) => z.object({ id: z.uuid({ error: notFoundMessage }) });
export type IdParams = { id: string };
