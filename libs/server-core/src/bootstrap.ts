import 'reflect-metadata';
import { Global, Inject, Module, type DynamicModule, type OnApplicationBootstrap, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import type { z } from 'zod';
import type { ServiceName } from '@coffer/contracts';
import { ConfigError, loadConfig, type serviceConfigSchema } from './config.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { EventBus } from './events.js';
import { flushTracing, startTracing } from './tracing.js';
import { UnitOfWork } from './unit-of-work.js';
import { checkInstallation } from './installation.js';
import { natsConnectionOptions } from './nats.js';
import { HealthHandler } from './health.js';
import { CofferLogger } from './logging.js';
import { ServiceMetrics, startManagementServer } from './management.js';
import { RpcRouter } from './rpc.js';
import { ServiceRequester } from './requester.js';
import { QueueGroupServer } from './queue-group.js';
import { DATABASE, DATABASE_HANDLE, SERVICE_CONFIG } from './tokens.js';

export { DATABASE, DATABASE_HANDLE, SERVICE_CONFIG };

type ServiceConfig = z.infer<typeof serviceConfigSchema>;

const metricsOfProcess = new Map<string, ServiceMetrics>();
/** The one metrics registry of this process's service (the event bus and the request interceptor count into it). */
function metricsOf(service: string): ServiceMetrics {
  if (!metricsOfProcess.has(service)) metricsOfProcess.set(service, new ServiceMetrics(service));
  return metricsOfProcess.get(service)!;
}

export interface CoreOptions {
  service: ServiceName;
  config: ServiceConfig;
  schema: Record<string, unknown>;
  migrationsFolder: string;
}

class CoreLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(DATABASE_HANDLE) private readonly database: DatabaseHandle<Record<string, unknown>>,
    @Inject(ServiceRequester) private readonly requester: ServiceRequester,
  ) {}

  async onApplicationBootstrap() {
    // Every handler registered itself in onModuleInit; only now may events flow.
    await this.bus.start(this.database.db);
  }

  async onApplicationShutdown() {
    await this.bus.close();
    await this.requester.close();
    await this.database.close();
    await flushTracing();
  }
}

/** What every service has: its config, its own database and its unit of work, the event bus, one requester to ask other services, and a health handler. */
@Global()
@Module({})
export class CoreModule {
  static forService(opts: CoreOptions): DynamicModule {
    const providers: Provider[] = [
      { provide: SERVICE_CONFIG, useValue: opts.config },
      {
        provide: DATABASE_HANDLE,
        useFactory: async () => {
          const database = await openDatabase({
            service: opts.service,
            schema: opts.schema,
            migrationsFolder: opts.migrationsFolder,
            databaseUrl: opts.config.DATABASE_URL,
            dataDir: opts.config.DATA_DIR,
            poolSize: opts.config.DATABASE_POOL_SIZE,
          });
          // Before anything is served or consumed: an empty database where this installation had one must not start.
          await checkInstallation({
            service: opts.service,
            database,
            nats: opts.config,
            newInstallation: opts.config.COFFER_NEW_INSTALLATION,
            streamReplicas: opts.config.EVENTS_STREAM_REPLICAS,
            logger: new CofferLogger(opts.service, opts.config.LOG_LEVEL),
          }).catch(async (err: unknown) => {
            await database.close();
            throw err;
          });
          return database;
        },
      },
      { provide: DATABASE, useFactory: (h: DatabaseHandle<Record<string, unknown>>) => h.db, inject: [DATABASE_HANDLE] },
      // Both wait for the database (and its installation check): a service refused its database connects nothing else, leaving nothing open.
      {
        provide: EventBus,
        useFactory: () =>
          EventBus.connect({
            nats: opts.config,
            consumer: opts.service,
            logger: new CofferLogger(opts.service, opts.config.LOG_LEVEL),
            metrics: metricsOf(opts.service),
            streamReplicas: opts.config.EVENTS_STREAM_REPLICAS,
          }),
        inject: [DATABASE_HANDLE],
      },
      { provide: ServiceRequester, useFactory: () => ServiceRequester.connect(opts.config, `${opts.service}-requests`), inject: [DATABASE_HANDLE] },
      // Every request/reply handler registers itself here; the service's transport serves them.
      { provide: RpcRouter, useFactory: () => new RpcRouter(metricsOf(opts.service)) },
      {
        provide: HealthHandler,
        useFactory: (router: RpcRouter, database: DatabaseHandle<Record<string, unknown>>) => new HealthHandler(opts.service, router, database),
        inject: [RpcRouter, DATABASE_HANDLE],
      },
      UnitOfWork,
      CoreLifecycle,
    ];
    return {
      module: CoreModule,
      providers,
      exports: [SERVICE_CONFIG, DATABASE_HANDLE, DATABASE, EventBus, ServiceRequester, UnitOfWork, RpcRouter],
    };
  }
}

/** Reads the config or stops the process with a message naming the bad variables. */
export function configOrExit<S extends z.ZodType>(app: string, schema: S): z.infer<S> {
  try {
    const config = loadConfig(schema);
    // Production never falls back to embedded PGlite: a service there needs its own DATABASE_URL.
    const service = config as { NODE_ENV?: string; DATA_DIR?: string; DATABASE_URL?: string };
    if (service.DATA_DIR !== undefined && service.NODE_ENV === 'production' && !service.DATABASE_URL) {
      throw new ConfigError(['DATABASE_URL: is required in production']);
    }
    return config;
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${app}: ${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
}

/**
 * Starts a service as a NATS microservice in its queue group (the service's name), in it only while its
 * database answers (see QueueGroupServer), with its
 * management port (MANAGEMENT_PORT: startup, readiness and liveness checks, metrics) when set.
 */
export async function runService(service: ServiceName, config: ServiceConfig, module: DynamicModule | object) {
  const logger = new CofferLogger(service, config.LOG_LEVEL);
  // Before the database opens: its queries are traced only if tracing is on by then.
  await startTracing(service);
  /** Set once the service listens: what readiness checks. */
  const state: { started?: { bus: EventBus; database: DatabaseHandle<Record<string, unknown>> } } = {};
  // Up first, so a probe sees "starting" (migrations can take a while) rather than nothing.
  if (config.MANAGEMENT_PORT !== undefined) {
    await startManagementServer({
      port: config.MANAGEMENT_PORT,
      metrics: metricsOf(service),
      started: () => state.started !== undefined,
      readiness: [
        { name: 'database', check: () => state.started?.database.ping() ?? false },
        { name: 'nats', check: () => state.started?.bus.natsConnected() ?? false },
        { name: 'events', check: () => state.started?.bus.consuming() ?? false },
      ],
    });
  }
  /** The database whose answer keeps this instance in its queue group (known once the module is created). */
  const serving: { database?: DatabaseHandle<Record<string, unknown>> } = {};
  const server = new QueueGroupServer({
    nats: { ...natsConnectionOptions(config, service), queue: service },
    ready: () => serving.database?.ping() ?? Promise.resolve(true),
    logger,
  });
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(module as DynamicModule, {
    strategy: server,
    logger,
    // A failure to start (a database refused, say) rejects here, for the caller (or the process) to report, instead of exiting at once.
    abortOnError: false,
  });
  serving.database = app.get<DatabaseHandle<Record<string, unknown>>>(DATABASE_HANDLE);
  // The handlers register themselves with the router as the app starts (onModuleInit); the server subscribes to them as it listens.
  server.serve(app.get(RpcRouter));
  app.enableShutdownHooks();
  // A service that cannot start (two handlers of one subject, say) leaves nothing open behind it.
  await app.listen().catch(async (err: unknown) => {
    await app.close();
    throw err;
  });
  state.started = { bus: app.get(EventBus), database: app.get<DatabaseHandle<Record<string, unknown>>>(DATABASE_HANDLE) };
  logger.log({ msg: `${service} service listening on NATS`, queue: service }, 'Bootstrap');
  return app;
}
