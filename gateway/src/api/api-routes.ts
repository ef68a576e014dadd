import type { Type } from '@nestjs/common';
import { buildOpenApiDocument, listRoutes } from './openapi.js';

/** Every route is under /api, but the development mailbox and clock and the public keys. */
export const API_PREFIX = 'api';
export const UNPREFIXED_ROUTES = ['dev/mail', 'dev/mail/{:id}', 'dev/clock', '.well-known/jwks.json'];

/** The injection token of the gateway's OpenAPI document. */
export const API_DOCUMENT = Symbol('API_DOCUMENT');

/** The OpenAPI document of these controllers, as they are served. */
export function apiDocument(controllers: Type<unknown>[], version: string) {
  return buildOpenApiDocument(listRoutes(controllers, { prefix: API_PREFIX, exclude: UNPREFIXED_ROUTES }), version);
}
