import { context, propagation, SpanKind, SpanStatusCode, trace, type Context, type Span, type TextMapGetter, type TextMapSetter } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';

/**
 * OpenTelemetry traces, in one place: a person's request is one trace from the gateway (its HTTP span) through
 * NATS (the W3C trace context in the request's headers) into each service (a span per request it answers), its
 * database queries and its S3 calls. Exported over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT); with neither set nothing is started, loaded or recorded: every span below is
 * the API's no-op and no query or S3 call is wrapped.
 */
/** Asked for each span: a provider started after this module loaded (or started again) is the one used. */
const tracer = () => trace.getTracer('coffer');

let enabled = false;
/** What the process's provider does at its end: send what it holds. */
let flush: () => Promise<void> = async () => undefined;

/** Whether this process records traces (set once, at its start). */
export function tracingEnabled(): boolean {
  return enabled;
}

/** Sends the spans not exported yet (a service shutting down). */
export function flushTracing(): Promise<void> {
  return flush();
}

export interface TracingOptions {
  /** Where the spans go instead of the OTLP endpoint (tests: the SDK's InMemorySpanExporter). */
  exporter?: SpanExporter;
  /** Export each span as it ends (tests) rather than in batches. */
  simple?: boolean;
}

/**
 * Starts tracing for `app` (the gateway, or a service's name) when the environment names an OTLP endpoint or
 * `opts.exporter` is given; returns a function that flushes and stops it. Call before the app opens its database.
 */
export async function startTracing(app: string, opts: TracingOptions = {}): Promise<() => Promise<void>> {
  const endpoint = process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  // Off, or already started in this process (a test running the gateway and a service together).
  if ((!opts.exporter && !endpoint) || enabled) return async () => undefined;
  // Loaded only when tracing is on: a process without it pays nothing for the SDK.
  const [{ NodeTracerProvider }, { BatchSpanProcessor, SimpleSpanProcessor }, { resourceFromAttributes }, { W3CTraceContextPropagator }] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/core'),
  ]);
  const exporter = opts.exporter ?? new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME || `coffer-${app}`, 'service.namespace': 'coffer' }),
    spanProcessors: [opts.simple ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)],
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  enabled = true;
  flush = () => provider.forceFlush();
  return async () => {
    enabled = false;
    flush = async () => undefined;
    await provider.shutdown();
    trace.disable();
    propagation.disable();
    context.disable();
  };
}

/** Runs `fn` in a new span (a child of the active one), ended when `fn` settles, marked as an error when it throws. */
export function inSpan<T>(
  name: string,
  attributes: Record<string, string | number | boolean | undefined>,
  fn: (span: Span) => Promise<T>,
  kind = SpanKind.INTERNAL,
  parent?: Context,
): Promise<T> {
  return tracer().startActiveSpan(name, { kind, attributes }, parent ?? context.active(), async (span) => {
    try {
      return await fn(span);
    } catch (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** Headers of any kind that can be read and written one by one (NATS headers, HTTP request headers). */
interface HeaderCarrier {
  get(key: string): string | undefined | null;
  set(key: string, value: string): void;
}

const setter: TextMapSetter<HeaderCarrier> = { set: (carrier, key, value) => carrier.set(key, value) };
const getter: TextMapGetter<HeaderCarrier> = { keys: () => [], get: (carrier, key) => carrier.get(key) ?? undefined };

/** Writes the active trace context into outgoing headers (a NATS request's, an event's). */
export function injectTraceContext(headers: HeaderCarrier) {
  propagation.inject(context.active(), headers, setter);
}

/** The trace context incoming headers carry (none: the active context, unchanged). */
export function extractTraceContext(headers: Pick<HeaderCarrier, 'get'> | undefined): Context {
  if (!headers) return context.active();
  return propagation.extract(context.active(), headers as HeaderCarrier, getter);
}

/** One span per database query: its statement's verb names it, its text (parameters apart, never their values) is kept. */
function querySpan<T>(service: string, text: string, run: () => Promise<T>): Promise<T> {
  const verb = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
  return inSpan(
    `${verb} ${service}`,
    { 'db.system.name': 'postgresql', 'db.namespace': service, 'db.query.text': text.slice(0, 2000) },
    () => run(),
    SpanKind.CLIENT,
  );
}

/** The text of whatever a driver's query method receives first (a string, or pg's `{ text }` config). */
const queryText = (first: unknown) => (typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? 'query'));

/**
 * Wraps an object's query methods (a pg Pool or client, a PGlite instance or transaction) so each query is a span;
 * nothing when tracing is off. Callback-style calls (pg's) go through unwrapped.
 */
export function traceQueries<T extends object>(service: string, target: T, methods: string[] = ['query']): T {
  if (!enabled) return target;
  const record = target as Record<string, unknown>;
  for (const method of methods) {
    const original = record[method];
    if (typeof original !== 'function') continue;
    record[method] = function (this: unknown, ...args: unknown[]) {
      if (typeof args[args.length - 1] === 'function') return (original as (...a: unknown[]) => unknown).apply(this, args);
      return querySpan(service, queryText(args[0]), () => (original as (...a: unknown[]) => Promise<unknown>).apply(this, args));
    };
  }
  return target;
}

/** The client's calls, one span each (the S3 command's name: GetObject, PutObject…); nothing when tracing is off. */
export function traceS3Calls(client: { middlewareStack: { add: (middleware: never, options: { step: 'initialize'; name: string }) => void } }) {
  if (!enabled) return;
  const middleware = (next: (args: unknown) => Promise<unknown>, ctx: { commandName?: string; clientName?: string }) => (args: unknown) =>
    inSpan(
      `s3 ${ctx.commandName ?? 'call'}`,
      { 'rpc.system': 'aws-api', 'rpc.service': 'S3', 'rpc.method': ctx.commandName?.replace(/Command$/, '') },
      () => next(args),
      SpanKind.CLIENT,
    );
  client.middlewareStack.add(middleware as never, { step: 'initialize', name: 'cofferTracing' });
}

/** What the gateway's HTTP request span needs of a request and its answer (Express's). */
interface HttpExchange {
  req: { method: string; header(name: string): string | undefined };
  res: { statusCode: number; once(event: 'finish' | 'close', listener: () => void): unknown };
}

/**
 * Runs `next` (the rest of the request's handling) in the request's span, a child of the trace context the client
 * sent, if any; named by its route pattern once answered (never the path, which may carry a token). Nothing when off.
 */
export function traceHttpRequest({ req, res }: HttpExchange, route: () => string | undefined, next: () => void) {
  if (!enabled) return next();
  const parent = extractTraceContext({ get: (key) => req.header(key) });
  const span = tracer().startSpan(`${req.method}`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method } }, parent);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    const pattern = route();
    if (pattern) span.updateName(`${req.method} ${pattern}`).setAttribute('http.route', pattern);
    span.setAttribute('http.response.status_code', res.statusCode);
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };
  res.once('finish', end);
  res.once('close', end);
  context.with(trace.setSpan(parent, span), next);
}
