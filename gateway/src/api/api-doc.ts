import { SetMetadata } from '@nestjs/common';
import type { z } from 'zod';

export const API_DOC = 'coffer:api-doc';

/** What the API document says of a route beyond its validated inputs. */
export interface ApiDocOptions {
  /** One line: what the route does, in the product's words. */
  summary: string;
  /** The schema of a successful response body; absent for routes that answer no content. */
  reply?: z.ZodType;
  /** A response that is not JSON (an HTML page, a server-sent event stream). */
  contentType?: string;
  /** Refusals this route answers beyond the ones every route may (409, 429 with Retry-After…), each with when it happens. */
  errors?: Record<number, string>;
}

/** Describes a route in the OpenAPI document served at /api/openapi.json. */
export const ApiDoc = (options: ApiDocOptions) => SetMetadata(API_DOC, options);
