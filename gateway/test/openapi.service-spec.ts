import { METHODS } from 'node:http';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { testInfra } from '@coffer/server-core/testing';
import { API_PREFIX, UNPREFIXED_ROUTES } from '../src/api/api-routes.js';
import { listRoutes } from '../src/api/openapi.js';
import { gatewayControllers } from '../src/app.module.js';
import { gatewayConfigSchema } from '../src/config.js';
import { createGateway } from '../src/gateway-app.js';

type Operation = {
  summary: string;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  requestBody?: unknown;
  parameters: Array<{ name: string; in: string }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

const config = gatewayConfigSchema.parse({ NATS_URL: testInfra().natsUrl, NODE_ENV: 'development' });

/** The routes Express really serves, as `METHOD /path/{param}`. */
function servedRoutes(app: NestExpressApplication): string[] {
  const router = (app.getHttpAdapter().getInstance() as { router: { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> } }).router;
  // Nest answers the prefix's excluded paths with a route for every method: not routes of ours.
  return router.stack
    .filter((layer) => layer.route && Object.keys(layer.route.methods).length < METHODS.length)
    .flatMap(({ route }) =>
      Object.keys(route!.methods)
        .filter((m) => m !== '_all')
        .map((m) => `${m.toUpperCase()} ${route!.path.replace(/:(\w+)/g, '{$1}')}`),
    );
}

describe('the API document', () => {
  let app: NestExpressApplication;
  let document: Document;

  beforeAll(async () => {
    app = await createGateway(config);
    await app.init();
    const controller = app.get((await import('../src/api/api-docs.controller.js')).ApiDocsController);
    document = controller.openApi() as unknown as Document;
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists every route the gateway serves, and nothing it does not', () => {
    const served = servedRoutes(app).sort();
    const documented = Object.entries(document.paths)
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(served.length).toBeGreaterThan(30);
    expect(documented).toEqual(served);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(structuredClone(document) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('describes every route: a summary, every input validated by a schema, and the schema of each JSON reply', () => {
    const routes = listRoutes(gatewayControllers(config), { prefix: API_PREFIX, exclude: UNPREFIXED_ROUTES });
    const problems = routes.flatMap((route) => {
      const name = `${route.method.toUpperCase()} ${route.path}`;
      return [
        ...(route.doc?.summary ? [] : [`${name}: no summary`]),
        ...route.unvalidatedParams.map((p) => `${name}: path parameter ${p} is not validated`),
        ...route.unvalidatedArgs.map((a) => `${name}: ${a} is read without a schema`),
        ...(![202, 204].includes(route.status) && !route.doc?.reply && !route.doc?.contentType ? [`${name}: no reply schema`] : []),
      ];
    });
    expect(problems).toEqual([]);
  });

  it('gives request bodies and replies the contracts\u2019 schemas, with the spec\u2019s rules', () => {
    const createFolder = document.paths['/api/folders'].post;
    expect(createFolder.requestBody).toMatchObject({
      content: { 'application/json': { schema: { properties: { name: { type: 'string', maxLength: 255 } }, required: ['name'] } } },
    });
    expect(createFolder.responses['201'].content!['application/json'].schema).toMatchObject({
      properties: { id: { format: 'uuid' }, isFolder: { type: 'boolean' } },
    });
    const list = document.paths['/api/files'].get;
    expect(list.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['query:folder', 'query:sort', 'query:view', 'query:q']));
    expect(document.paths['/api/shares/{id}'].delete.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
  });
});
