import { randomUUID } from 'node:crypto';
import { ClientProxyFactory, NatsRecordBuilder, RpcException, Transport, type ClientProxy } from '@nestjs/microservices';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { SpanKind } from '@opentelemetry/api';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
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

/**
 * Asks a service over NATS request/reply, typed by the subject's contract in
 * @coffer/contracts, with the caller, client IP and correlation id in the
 * headers. Rejects with the service's `{ code, status, message }` as an
 * RpcException (so a handler that lets it through answers with that same
 * error, and the gateway maps it to HTTP), or with a 503 when no service
 * answered in time.
 */
export class ServiceRequester {
  constructor(
    private readonly client: ClientProxy,
    private readonly defaultTimeoutMs = 10_000,
  ) {}

  /** A requester with its own NATS connection (one per process: the gateway, each service, a test). */
  static connect(nats: NatsSettings | string, name: string, defaultTimeoutMs?: number): ServiceRequester {
    const client = ClientProxyFactory.create({ transport: Transport.NATS, options: natsConnectionOptions(nats, name) });
    return new ServiceRequester(client, defaultTimeoutMs);
  }

  request<S extends Subject>(subject: S, payload: PayloadOf<S>, meta: RequestMeta = {}, timeoutMs = this.defaultTimeoutMs): Promise<ReplyOf<S>> {
    return this.send(subject, payload, meta, timeoutMs) as Promise<ReplyOf<S>>;
  }

  /** Sends without the contract's types: only for tests that send what no typed caller could. */
  protected send(subject: string, payload: unknown, meta: RequestMeta, timeoutMs: number): Promise<unknown> {
    return inSpan(
      `${subject} request`,
      { 'messaging.system': 'nats', 'messaging.destination.name': subject },
      () => this.ask(subject, payload, meta, timeoutMs),
      SpanKind.CLIENT,
    );
  }

  private async ask(subject: string, payload: unknown, meta: RequestMeta, timeoutMs: number): Promise<unknown> {
    const record = new NatsRecordBuilder(payload ?? {}).setHeaders(metaHeaders(meta)).build();
    try {
      return await firstValueFrom(this.client.send<unknown>(subject, record).pipe(timeout(timeoutMs)));
    } catch (err) {
      if (isRpcErrorBody(err)) throw new RpcException(err);
      const service = subject.split('.')[0];
      const reason = err instanceof TimeoutError ? 'did not answer in time' : 'is unavailable';
      throw new RpcException({
        code: ErrorCode.ServiceUnavailable,
        status: 503,
        message: `The ${service} service ${reason}. Please try again.`,
      } satisfies RpcErrorBody);
    }
  }

  close() {
    return this.client.close();
  }
}
