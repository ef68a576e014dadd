import type { INestMicroservice } from '@nestjs/common';
import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { loadConfig, runService, startTracing } from '@coffer/server-core';
import { freshDatabase, testInfra, type DatabaseKind } from '@coffer/server-core/testing';
import { AppModule as FilesModule } from '../../services/files/src/app.module.js';
import { filesConfigSchema } from '../../services/files/src/config.js';
import { gatewayConfigSchema } from '../src/config.js';
import { createGateway } from '../src/gateway-app.js';

Logger.overrideLogger(false);

/** The span's parent's id (the SDK 2.x keeps it in its parent span context). */
const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

describe.each<DatabaseKind>(['postgres', 'pglite'])('one trace from the gateway through NATS into a service and its database (%s)', (kind) => {
  const exporter = new InMemorySpanExporter();
  let stopTracing: () => Promise<void>;
  let files: INestMicroservice | undefined;
  let gateway: NestExpressApplication | undefined;
  let url: string;

  beforeAll(async () => {
    // The SDK's in-memory exporter, as OTEL_EXPORTER_OTLP_ENDPOINT would start the OTLP one.
    stopTracing = await startTracing('test', { exporter, simple: true });
    const { natsUrl, s3Endpoint } = testInfra();
    const env = { ...(await freshDatabase(kind)), NATS_URL: natsUrl, S3_ENDPOINT: s3Endpoint, S3_BUCKET: `tracing-test-${kind}` };
    const config = loadConfig(filesConfigSchema, { ...env, NODE_ENV: 'test', LOG_LEVEL: 'error' });
    files = await runService('files', config, FilesModule.forConfig(config));
    gateway = await createGateway(gatewayConfigSchema.parse({ NATS_URL: natsUrl, NODE_ENV: 'development' }));
    await gateway.listen(0, '127.0.0.1');
    url = await gateway.getUrl();
  });
  afterAll(async () => {
    await gateway?.close();
    await files?.close();
    await stopTracing?.();
  });

  it("traces the service's S3 calls", () => {
    // The files service made sure of its bucket as it started.
    expect(exporter.getFinishedSpans().some((s) => s.name === 's3 HeadBucketCommand' && s.attributes['rpc.service'] === 'S3')).toBe(true);
  });

  it('names the route, the NATS request, the service handling it and its query, each the child of the one before', async () => {
    exporter.reset();
    const res = await fetch(`${url.replace('[::1]', '127.0.0.1')}/api/health`, {
      headers: { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
    });
    await res.arrayBuffer();
    const spans = () => exporter.getFinishedSpans();
    // The gateway's span ends once the answer is sent: wait for it rather than for time.
    const named = async (name: string) => {
      for (let i = 0; ; i++) {
        if (i === 2000)
          throw new Error(
            `no span ${name} among ${spans()
              .map((s) => s.name)
              .join(', ')}`,
          );
        const span = spans().find((s) => s.name === name);
        if (span) return span;
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const http = await named('GET /api/health');
    const request = await named('files.health.check request');
    const handled = await named('files.health.check');
    const query = spans().find((s) => s.name.startsWith('SELECT ') && parentOf(s) === handled.spanContext().spanId);

    // One trace, the one the client started (its traceparent header), from the HTTP request down to the query.
    expect(http.spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(parentOf(http)).toBe('b7ad6b7169203331');
    expect(parentOf(request)).toBe(http.spanContext().spanId);
    expect(parentOf(handled)).toBe(request.spanContext().spanId);
    expect(query).toBeDefined();
    for (const span of [request, handled, query!]) expect(span.spanContext().traceId).toBe(http.spanContext().traceId);
    expect(http.attributes).toMatchObject({ 'http.route': '/api/health', 'http.request.method': 'GET' });
    expect(query!.attributes).toMatchObject({ 'db.system.name': 'postgresql', 'db.namespace': 'files' });
    expect(String(query!.attributes['db.query.text'])).toMatch(/^select 1/i);
  });
});
