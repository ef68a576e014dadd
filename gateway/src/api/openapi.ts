import 'reflect-metadata';
import { RequestMethod, type Type } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA, SSE_METADATA } from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { z } from 'zod';
import { ErrorCode } from '@coffer/contracts';
import { PUBLIC_ROUTE } from '../identity/caller.js';
import { API_DOC, type ApiDocOptions } from './api-doc.js';
import { ZodValidationPipe } from './validation.js';

type JsonSchema = Record<string, unknown>;

/** One route as Nest registers it, with what the API document needs of it. */
export interface RouteInfo {
  method: string;
  /** The OpenAPI path: `/api/files/{id}`. */
  path: string;
  controller: string;
  handler: string;
  status: number;
  isPublic: boolean;
  doc?: ApiDocOptions;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Path parameters (`:id`) that no schema validates. */
  unvalidatedParams: string[];
  /** Body, query or path arguments read without a schema. */
  unvalidatedArgs: string[];
}

export interface RoutePrefix {
  prefix: string;
  /** Paths (without leading slash) that are served without the prefix, as in `setGlobalPrefix(…, { exclude })`. */
  exclude: string[];
}

const METHOD_NAMES: Partial<Record<RequestMethod, string>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.DELETE]: 'delete',
  [RequestMethod.PATCH]: 'patch',
};

const DEFAULT_STATUS: Record<string, number> = { post: 201 };

const joinPath = (...parts: string[]) =>
  `/${parts
    .flatMap((p) => p.split('/'))
    .filter(Boolean)
    .join('/')}`;

/** Every route of `controllers`, read from the metadata Nest's decorators left on them. */
export function listRoutes(controllers: Type<unknown>[], { prefix, exclude }: RoutePrefix): RouteInfo[] {
  const routes: RouteInfo[] = [];
  // Nest's exclude patterns write a parameter as `{:id}`; the route's own path has `:id`.
  const unprefixed = exclude.map((e) => e.replace(/\{:(\w+)\}/g, ':$1'));
  for (const controller of controllers) {
    const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    const proto = controller.prototype as Record<string, unknown>;
    for (const handler of Object.getOwnPropertyNames(proto)) {
      const fn = proto[handler];
      if (handler === 'constructor' || typeof fn !== 'function') continue;
      const method = METHOD_NAMES[Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod];
      const subPath = Reflect.getMetadata(PATH_METADATA, fn) as string | undefined;
      if (!method || subPath === undefined) continue;
      const local = joinPath(base, subPath);
      const full = unprefixed.includes(local.slice(1)) ? local : joinPath(prefix, local);
      const pathParams = [...full.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const route: RouteInfo = {
        method,
        path: full.replace(/:(\w+)/g, '{$1}'),
        controller: controller.name,
        handler,
        status: (Reflect.getMetadata(HTTP_CODE_METADATA, fn) as number | undefined) ?? DEFAULT_STATUS[method] ?? 200,
        isPublic: Boolean(Reflect.getMetadata(PUBLIC_ROUTE, fn) ?? Reflect.getMetadata(PUBLIC_ROUTE, controller)),
        doc: Reflect.getMetadata(API_DOC, fn) as ApiDocOptions | undefined,
        unvalidatedParams: [],
        unvalidatedArgs: [],
      };
      if (Reflect.getMetadata(SSE_METADATA, fn)) route.doc = { contentType: 'text/event-stream', ...route.doc, summary: route.doc?.summary ?? '' };
      // Nest keeps each handler's parameters on the class, under the handler's name.
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, handler) ?? {}) as Record<
        string,
        { index: number; data?: unknown; pipes?: unknown[] }
      >;
      for (const [key, arg] of Object.entries(args)) {
        const type = Number(key.split(':')[0]) as RouteParamtypes;
        const part = type === RouteParamtypes.BODY ? 'body' : type === RouteParamtypes.QUERY ? 'query' : type === RouteParamtypes.PARAM ? 'params' : undefined;
        if (!part) continue;
        const pipe = arg.pipes?.find((p): p is ZodValidationPipe => p instanceof ZodValidationPipe);
        if (pipe && arg.data === undefined) route[part] = pipe.schema;
        else route.unvalidatedArgs.push(`${part}${arg.data ? `.${String(arg.data)}` : ''}`);
      }
      const validatedParams = route.params instanceof z.ZodObject ? Object.keys(route.params.shape as object) : [];
      route.unvalidatedParams = pathParams.filter((p) => !validatedParams.includes(p));
      routes.push(route);
    }
  }
  return routes;
}

const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return json;
};

/** Query or path parameters, one per property of the object schema. */
function parameters(schema: z.ZodType | undefined, where: 'query' | 'path'): JsonSchema[] {
  if (!schema) return [];
  const json = schemaOf(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}

const errorSchema: JsonSchema = {
  type: 'object',
  description: 'The one error shape of every route; `message` is the text the UI shows.',
  properties: {
    statusCode: { type: 'integer' },
    code: { type: 'string', enum: Object.values(ErrorCode) },
    message: { type: 'string' },
    correlationId: { type: 'string' },
  },
  required: ['statusCode', 'code', 'message', 'correlationId'],
};
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

const tooManyResponse = (description: string) => ({
  ...errorResponse(description),
  headers: { 'Retry-After': { description: 'Seconds until the caller may try again', schema: { type: 'integer' } } },
});

function operation(route: RouteInfo): JsonSchema {
  const doc = route.doc;
  const success: JsonSchema = { description: doc?.summary || 'Success' };
  if (doc?.reply) success.content = { 'application/json': { schema: schemaOf(doc.reply, 'output') } };
  else if (doc?.contentType) success.content = { [doc.contentType]: { schema: { type: 'string' } } };
  const op: JsonSchema = {
    operationId: `${route.controller.replace(/Controller$/, '')}.${route.handler}`,
    summary: doc?.summary ?? '',
    tags: [route.controller.replace(/Controller$/, '')],
    parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
    responses: {
      [String(route.status)]: success,
      '400': errorResponse('The request is not valid: the message says what to change'),
      ...(route.isPublic ? {} : { '401': errorResponse('No valid session'), '403': errorResponse('Not allowed for this caller or plan') }),
      '404': errorResponse('Not found, or not the caller\u2019s'),
      ...Object.fromEntries(
        Object.entries(doc?.errors ?? {}).map(([status, description]) => [
          status,
          status === '429' ? tooManyResponse(description) : errorResponse(description),
        ]),
      ),
      '503': errorResponse('A service did not answer in time'),
    },
    security: route.isPublic ? [] : [{ bearer: [] }],
  };
  if (route.body) op.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(route.body, 'input') } } };
  return op;
}

/** The OpenAPI 3.1 document of the gateway, generated from the same zod schemas that validate each route. */
export function buildOpenApiDocument(routes: RouteInfo[], version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) (paths[route.path] ??= {})[route.method] = operation(route);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Coffer API',
      version,
      description: 'Secure file storage and sharing. Every route needs a session (Bearer access token) unless its security is empty.',
    },
    paths,
    components: {
      schemas: { Error: errorSchema },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
  };
}
