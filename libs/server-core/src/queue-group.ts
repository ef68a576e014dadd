import type { LoggerService } from '@nestjs/common';
import { ServerNats, type NatsOptions } from '@nestjs/microservices';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { RpcRouter } from './rpc.js';

/** How often a service looks whether it can serve (its database answers). */
const READINESS_EVERY_MS = 1000;
/** A readiness check that has not answered after this counts as not ready (a database that hangs, not only one that refuses). */
const READINESS_TIMEOUT_MS = 3000;

export interface QueueGroupOptions {
  /** The NATS options of Nest's transport; `queue` is the service's queue group. */
  nats: NonNullable<NatsOptions['options']> & { queue: string };
  /** Whether this instance can serve requests now (its database answers). */
  ready: () => Promise<boolean>;
  logger: LoggerService;
  /** How often readiness is checked (1 s). */
  readinessEveryMs?: number;
}

/**
 * Nest's NATS transport, but an instance is in its service's queue group only while it can serve: when
 * its readiness check fails (its database is away) it unsubscribes, so NATS sends every request to the
 * other replicas (or, with none left, the caller hears at once that nobody answers); when the check
 * passes again it subscribes again. Requests it is handling when it leaves are still answered.
 */
export class QueueGroupServer extends ServerNats {
  private client?: NatsConnection;
  private groupSubscriptions: Subscription[] = [];
  private timer?: NodeJS.Timeout;
  private checking = false;
  private router?: RpcRouter;

  constructor(private readonly opts: QueueGroupOptions) {
    super(opts.nats);
  }

  /** Whether this instance is in its queue group now. */
  get joined(): boolean {
    return this.groupSubscriptions.length > 0;
  }

  /** Serves the handlers of `router` too (read when the server starts listening, once every handler registered). */
  serve(router: RpcRouter) {
    this.router = router;
  }

  override bindEvents(client: NatsConnection) {
    for (const [subject, route] of this.router?.routes() ?? []) {
      if (this.messageHandlers.has(subject)) throw new Error(`${subject} already has a handler: a subject is handled once`);
      this.addHandler(subject, route);
    }
    this.client = client;
    this.join();
    this.timer = setInterval(() => void this.check(), this.opts.readinessEveryMs ?? READINESS_EVERY_MS);
    this.timer.unref();
  }

  private join() {
    const client = this.client;
    if (!client || this.joined) return;
    for (const [channel, handler] of this.messageHandlers) {
      const queue = (handler.extras?.queue as string | undefined) ?? this.opts.nats.queue;
      this.groupSubscriptions.push(client.subscribe(channel, { queue, callback: this.getMessageHandler(channel).bind(this) as never }));
    }
  }

  private leave() {
    for (const subscription of this.groupSubscriptions) subscription.unsubscribe();
    this.groupSubscriptions = [];
  }

  /** One look at readiness; leaves or joins the queue group when it changed. */
  private async check() {
    if (this.checking) return;
    this.checking = true;
    try {
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), READINESS_TIMEOUT_MS)));
      const ready = await Promise.race([this.opts.ready().catch(() => false), timedOut]);
      clearTimeout(timer);
      const queue = this.opts.nats.queue;
      if (!ready && this.joined) {
        this.leave();
        this.opts.logger.warn({ msg: 'Not ready (the database does not answer): left the queue group; other replicas answer meanwhile', queue }, 'QueueGroup');
      } else if (ready && !this.joined && this.client && !this.client.isClosed()) {
        this.join();
        this.opts.logger.log({ msg: 'Ready again: back in the queue group', queue }, 'QueueGroup');
      }
    } finally {
      this.checking = false;
    }
  }

  override async close() {
    clearInterval(this.timer);
    this.leave();
    await super.close();
  }
}
