import http from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One check of a dependency: its name and whether it is usable now. */
export interface ManagementCheck {
  name: string;
  check: () => Promise<boolean> | boolean;
}

/** What every Coffer process's GET /metrics answers: the process's own (memory, CPU, event loop), labelled with its app. */
export class ProcessMetrics {
  readonly registry = new Registry();
  /** Whether the process is ready (1) or not (0), as its readiness check answers, read at each scrape. */
  readonly ready: Gauge;
  /** What `ready` reads: set by the management server. */
  readiness: () => Promise<boolean> = async () => true;

  constructor(app: string) {
    this.registry.setDefaultLabels({ service: app });
    collectDefaultMetrics({ register: this.registry, prefix: 'coffer_' });
    this.ready = new Gauge({
      name: 'coffer_ready',
      help: 'Whether the process is ready to serve (1) or not (0): its readiness check (database, NATS, event consumer)',
      registers: [this.registry],
      collect: async () => {
        this.ready.set((await this.readiness().catch(() => false)) ? 1 : 0);
      },
    });
  }
}

/** The metrics every service keeps, in one registry per process (what GET /metrics answers). */
export class ServiceMetrics extends ProcessMetrics {
  /** Requests answered over NATS, by subject and outcome (ok, or the error's HTTP status class). */
  readonly requests: Histogram<'subject' | 'outcome'>;
  /** Domain events handled by the service's consumer, by type and outcome (handled, failed: redelivered). */
  readonly events: Counter<'type' | 'outcome'>;
  /** Domain events the service's consumer gave up on and parked in the dead-letter stream, by type (alert on any). */
  readonly deadLetters: Counter<'type'>;
  /** Events of the stream the service's durable consumer has not handled yet (its lag), read at each scrape. */
  readonly eventsPending: Gauge;
  /** What `eventsPending` reads: set by the event bus once its consumer runs. */
  pendingEvents: () => Promise<number | undefined> = async () => undefined;

  constructor(service: string) {
    super(service);
    this.requests = new Histogram({
      name: 'coffer_rpc_seconds',
      help: 'Requests answered over NATS: how long each took, by subject and outcome',
      labelNames: ['subject', 'outcome'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.events = new Counter({
      name: 'coffer_events_total',
      help: 'Domain events the service handled, by type and outcome',
      labelNames: ['type', 'outcome'],
      registers: [this.registry],
    });
    this.deadLetters = new Counter({
      name: 'coffer_events_dead_lettered_total',
      help: 'Domain events the service could not handle after every retry, parked in the dead-letter stream, by type',
      labelNames: ['type'],
      registers: [this.registry],
    });
    this.eventsPending = new Gauge({
      name: 'coffer_events_pending',
      help: "Events the service's durable consumer has yet to handle: delivered and not acknowledged, or not delivered yet (its lag)",
      registers: [this.registry],
      collect: async () => {
        const pending = await this.pendingEvents().catch(() => undefined);
        if (pending !== undefined) this.eventsPending.set(pending);
      },
    });
  }
}

/** The gateway's metrics: every HTTP request answered, by route pattern (never the path), method and status. */
export class HttpMetrics extends ProcessMetrics {
  readonly requests: Histogram<'method' | 'route' | 'status'>;

  constructor(app = 'gateway') {
    super(app);
    this.requests = new Histogram({
      name: 'coffer_http_request_seconds',
      help: 'HTTP requests the gateway answered: how long each took, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
  }
}

export interface ManagementServerOptions {
  port: number;
  host?: string;
  metrics: ProcessMetrics;
  /** What readiness needs: the database, the NATS connection, the JetStream consumer. */
  readiness: ManagementCheck[];
  /** Whether the service finished starting (migrations applied, listening on NATS, consumer started). */
  started: () => boolean;
}

/**
 * A service's management port, for Kubernetes and Prometheus (the service has
 * no other port): GET /startupz (200 once started), /readyz (200 while every
 * dependency is usable, 503 naming the ones that are not: taken out of
 * rotation, not restarted), /livez (200 while the process serves at all: a
 * dependency away never restarts it, its connections come back by themselves)
 * and /metrics (Prometheus text).
 */
export async function startManagementServer(opts: ManagementServerOptions): Promise<http.Server> {
  const readiness = async () => {
    const results = await Promise.all(opts.readiness.map(async ({ name, check }) => [name, await Promise.resolve(check()).catch(() => false)] as const));
    return { ready: opts.started() && results.every(([, up]) => up), results };
  };
  opts.metrics.readiness = async () => (await readiness()).ready;
  const server = http.createServer((req, res) => {
    void answer(req.url?.split('?')[0] ?? '/').then(
      ({ status, type = 'application/json', body }) => res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body),
      (err: unknown) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'error', error: String(err) })),
    );
  });

  async function answer(path: string): Promise<{ status: number; type?: string; body: string }> {
    if (path === '/livez') return { status: 200, body: JSON.stringify({ status: 'ok' }) };
    if (path === '/startupz') {
      const started = opts.started();
      return { status: started ? 200 : 503, body: JSON.stringify({ status: started ? 'ok' : 'starting' }) };
    }
    if (path === '/readyz') {
      const { ready, results } = await readiness();
      return {
        status: ready ? 200 : 503,
        body: JSON.stringify({ status: ready ? 'ok' : 'down', checks: Object.fromEntries(results.map(([n, up]) => [n, up ? 'up' : 'down'])) }),
      };
    }
    if (path === '/metrics') return { status: 200, type: opts.metrics.registry.contentType, body: await opts.metrics.registry.metrics() };
    return { status: 404, body: JSON.stringify({ status: 'not found' }) };
  }

  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(opts.port, opts.host ?? '0.0.0.0', resolve));
  // It never keeps the process alive: a service that shut down exits, its probes with it.
  server.unref();
  return server;
}
