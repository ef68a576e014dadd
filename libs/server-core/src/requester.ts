import { randomUUID } from 'node:crypto';
import { RpcException } from '@nestjs/microservices';
import { connect, headers as natsHeaders, TimeoutError, type NatsConnection, type NodeConnectionOptions } from '@nats-io/transport-node';
import { SpanKind } from '@opentelemetry/api';
import { ErrorCode, Header, isRpcErrorBody, type PayloadOf, type ReplyOf, type RequestMeta, type RpcErrorBody, type Subject } from '@coffer/contracts';
import { currentCorrelationId } from './logging.js';
import { natsConnectionOptions, type NatsSettings } from './nats.js';
import { injectTraceContext, inSpan } from './tracing.js';

/** Puts a request's metadata in NATS headers; the receiving side reads it with `metaFrom`. */
export function metaHeaders(meta: RequestMeta) {
  const h = natsHeaders();
  h.set(Header.CorrelationId, currentCorrelationId() ?? randomUUID());
  if (meta.caller) h.set(Header.Caller, JSON.stringify(meta.caller));
  if (meta.clientIp) h.set(Header.ClientIp, meta.clientIp);
  if (meta.userAgent) h.set(Header.UserAgent, meta.userAgent);
  injectTraceContext(h);
  return h;
}

/** A service's answer in Nest's wire format (its NATS transport): the handler's value, or the error it threw. */
interface NestReply {
  response?: unknown;
  err?: unknown;
}

/**
 * Asks a service over NATS request/reply, typed by the subject's contract in
 * @coffer/contracts, with the caller, client IP and correlation id in the
 * headers. Rejects with the service's `{ code, status, message }` as an
 * RpcException (so a handler that lets it through answers with that same
 * error, and the gateway maps it to HTTP), or with a 503 when no service
 * answered in time.
 *
 * It speaks the services' wire format (Nest's NATS transport: `{ pattern, data, id }` out, `{ response | err }` back)
 * with the NATS client's own request, whose answers all come to one subscription. Nest's client subscribed and
 * unsubscribed an inbox for every request: two more messages to NATS per request, the largest cost of a folder
 * listing in the gateway after the token check.
 */
export class ServiceRequester {
  private connection?: Promise<NatsConnection>;
  /** The connection lost NATS and is trying again: a request now would be dropped at reconnection, so it fails at once. */
  private away = false;

  constructor(
    private readonly options: NodeConnectionOptions,
    private readonly defaultTimeoutMs = 10_000,
  ) {}

  /** A requester with its own NATS connection (one per process: the gateway, each service, a test), made at its first request. */
  static connect(nats: NatsSettings | string, name: string, defaultTimeoutMs?: number): ServiceRequester {
    // Without a stack captured at every request for a timeout's message (a tenth of the gateway's time on a listing):
    // a request that fails says which service and why, and the span and logs say where.
    return new ServiceRequester({ ...natsConnectionOptions(nats, name), noAsyncTraces: true }, defaultTimeoutMs);
  }

  request<S extends Subject>(subject: S, payload: PayloadOf<S>, meta: RequestMeta = {}, timeoutMs = this.defaultTimeoutMs): Promise<ReplyOf<S>> {
    return inSpan(
      `${subject} request`,
      { 'messaging.system': 'nats', 'messaging.destination.name': subject },
      () => this.ask(subject, payload, meta, timeoutMs),
      SpanKind.CLIENT,
    ) as Promise<ReplyOf<S>>;
  }

  private async ask(subject: string, payload: unknown, meta: RequestMeta, timeoutMs: number): Promise<unknown> {
    let reply: NestReply;
    try {
      const nc = await this.nats();
      if (this.away) throw new Error('NATS is away');
      const packet = JSON.stringify({ pattern: subject, data: payload ?? {}, id: randomUUID() });
      reply = (await nc.request(subject, packet, { headers: metaHeaders(meta), timeout: timeoutMs })).json<NestReply>();
    } catch (err) {
      // No connection (or NATS away), no service listening, an answer that is not JSON, or none in time.
      throw unavailable(subject, err instanceof TimeoutError ? 'did not answer in time' : 'is unavailable');
    }
    if (reply.err === undefined || reply.err === null) return reply.response;
    if (isRpcErrorBody(reply.err)) throw new RpcException(reply.err);
    // Not one of ours (Nest's "no matching message handler", an unexpected throw): the service could not answer.
    throw unavailable(subject, 'is unavailable');
  }

  /**
   * The connection, made on first use; made again at the next request once it has closed for good (it reconnects
   * by itself while NATS is away, as natsConnectionOptions says). A first connection that fails fails that request.
   */
  private nats(): Promise<NatsConnection> {
    if (!this.connection) {
      const connecting = connect(this.options);
      const forget = () => {
        if (this.connection === connecting) this.connection = undefined;
      };
      connecting.then((nc) => {
        this.away = false;
        void this.follow(nc, connecting);
        return nc.closed().then(forget);
      }, forget);
      this.connection = connecting;
    }
    return this.connection;
  }

  /**
   * Whether NATS is there. The NATS client drops what was sent while it reconnects: a request then would wait its
   * whole time limit for an answer that cannot come (a gateway back from a NATS outage would read the ended
   * sessions only after that wait), where failing at once lets its caller ask again as soon as NATS is back.
   */
  private async follow(nc: NatsConnection, connection: Promise<NatsConnection>) {
    for await (const status of nc.status()) {
      if (this.connection !== connection) return;
      if (status.type === 'disconnect') this.away = true;
      else if (status.type === 'reconnect') this.away = false;
    }
  }

  async close() {
    const nc = await this.connection?.catch(() => undefined);
    this.connection = undefined;
    await nc?.close();
  }
}

function unavailable(subject: string, reason: string) {
  const service = subject.split('.')[0];
  return new RpcException({
    code: ErrorCode.ServiceUnavailable,
    status: 503,
    message: `The ${service} service ${reason}. Please try again.`,
  } satisfies RpcErrorBody);
}
