import { randomUUID } from 'node:crypto';
import { Logger, type LoggerService } from '@nestjs/common';
import { RpcException, type NatsContext } from '@nestjs/microservices';
import { SpanKind } from '@opentelemetry/api';
import { from, type Observable } from 'rxjs';
import { z } from 'zod';
import {
  ErrorCode,
  Header,
  isRpcErrorBody,
  requestContracts,
  type CallerIdentity,
  type ReceivedPayload,
  type ReplyOf,
  type RequestMeta,
  type RpcErrorBody,
  type Subject,
} from '@coffer/contracts';
import { withRequestContext } from './logging.js';
import { extractTraceContext, inSpan } from './tracing.js';
import type { ServiceMetrics } from './management.js';
import { noSpaceReason, noteStorageFailure, NO_SPACE_LEFT } from './disk-space.js';

/** The error a service throws for the gateway to turn into an HTTP response. */
/** `extra` says when to retry (TOO_MANY_ATTEMPTS) or what to solve first (CHALLENGE_REQUIRED). */
export function rpcError(code: ErrorCode, status: number, message: string, extra: Pick<RpcErrorBody, 'retryAfterSeconds' | 'challenge'> = {}): RpcException {
  return new RpcException({ code, status, message, ...extra } satisfies RpcErrorBody);
}

export const notFound = (message = 'Not found') => rpcError(ErrorCode.NotFound, 404, message);
export const forbidden = (message = 'You are not allowed to do that') => rpcError(ErrorCode.Forbidden, 403, message);
export const unauthenticated = (message = 'You must be signed in') => rpcError(ErrorCode.Unauthenticated, 401, message);
export const invalid = (message: string) => rpcError(ErrorCode.ValidationFailed, 400, message);

/** Turns whatever a handler threw into the `{ code, status, message }` that crosses NATS; what is not the caller's fault is logged. */
export function rpcErrorBody(exception: unknown, logger: LoggerService): RpcErrorBody {
  if (exception instanceof RpcException) {
    const body = exception.getError();
    if (isRpcErrorBody(body)) return body;
  }
  if (exception instanceof z.ZodError) {
    // The first problem's own message: the schemas in @coffer/contracts carry the spec's wording.
    const message = exception.issues[0]?.message ?? 'Invalid request';
    return { code: ErrorCode.ValidationFailed, status: 400, message };
  }
  if (noteStorageFailure(exception)) logger.error({ msg: NO_SPACE_LEFT, error: noSpaceReason(exception) });
  else logger.error(exception instanceof Error ? exception : String(exception));
  return { code: ErrorCode.Internal, status: 500, message: 'Something went wrong. Please try again.' };
}

const callerSchema = z.object({
  userId: z.string().min(1),
  accountId: z.string().min(1),
  role: z.enum(['owner', 'admin', 'moderator', 'member']),
  sessionId: z.string().optional(),
  aal: z.enum(['aal1', 'aal2']).optional(),
  mfaPending: z.boolean().optional(),
});

/**
 * Reads the caller the gateway attached; absent or malformed means the call is
 * refused, and so does the aal1 step of a two-factor sign-in (only the auth
 * service's verify handlers read it with `allowMfaPending`).
 */
export function callerFrom(ctx: NatsContext, allowMfaPending = false): CallerIdentity {
  const raw = ctx.getHeaders()?.get(Header.Caller);
  if (!raw) throw unauthenticated();
  let parsed;
  try {
    parsed = callerSchema.safeParse(JSON.parse(raw));
  } catch {
    throw unauthenticated();
  }
  if (!parsed.success) throw unauthenticated();
  if (parsed.data.mfaPending && !allowMfaPending) throw rpcError(ErrorCode.MfaRequired, 403, 'Enter your two-factor code first');
  return parsed.data;
}

/** The client's address and user agent as the gateway saw them (absent when one service asks another). */
export function clientFrom(ctx: NatsContext): Pick<RequestMeta, 'clientIp' | 'userAgent'> {
  const headers = ctx.getHeaders();
  return { clientIp: headers?.get(Header.ClientIp) || undefined, userAgent: headers?.get(Header.UserAgent) || undefined };
}

/** The client's address and user agent a handler receives besides its payload. */
export type ClientMeta = Pick<RequestMeta, 'clientIp' | 'userAgent'>;

/**
 * Who may call a handler: `required` a signed-in caller (the default), `pending` also the aal1 step of a
 * two-factor sign-in, `optional` anyone (the caller when the gateway sent one), `none` anyone, unread.
 */
export type CallerRule = 'required' | 'pending' | 'optional' | 'none';

export interface HandleOptions<R extends CallerRule> {
  caller: R;
}

/** What a handler of `S` receives: its validated payload, its caller as `R` allows, and the client. */
export type RpcRequest<S extends Subject, R extends CallerRule = 'required'> = {
  payload: ReceivedPayload<S>;
  client: ClientMeta;
} & (R extends 'none' ? unknown : { caller: R extends 'optional' ? CallerIdentity | undefined : CallerIdentity });

/** A handler of `S`: anything it may answer must be `S`'s reply. */
export type RpcHandler<S extends Subject, R extends CallerRule = 'required'> = (request: RpcRequest<S, R>) => ReplyOf<S> | Promise<ReplyOf<S>>;

/** What the transport calls for a subject: the reply, or a stream that fails with the `{ code, status, message }` to send back. */
export type RpcRoute = (data: unknown, ctx: NatsContext) => Promise<Observable<unknown>>;

function callerAs(rule: CallerRule, ctx: NatsContext): { caller?: CallerIdentity } {
  switch (rule) {
    case 'required':
      return { caller: callerFrom(ctx) };
    case 'pending':
      return { caller: callerFrom(ctx, true) };
    case 'optional':
      return { caller: ctx.getHeaders()?.get(Header.Caller) ? callerFrom(ctx, true) : undefined };
    case 'none':
      return {};
  }
}

/**
 * The request/reply handlers of a service, each registered once with its subject (in its handler's
 * `onModuleInit`, as events are with `EventBus.on`) and served by the service's transport (QueueGroupServer).
 * Each request runs with its correlation id and client in the log context and is timed per subject; its
 * caller is read as the handler's rule says, its payload validated with the schema of the subject's contract
 * in @coffer/contracts, and whatever it throws answered as `{ code, status, message }`.
 */
export class RpcRouter {
  private readonly logger = new Logger('RpcRouter');
  private readonly handlers = new Map<string, RpcRoute>();

  constructor(private readonly metrics?: ServiceMetrics) {}

  /** Handles `subject`, for a signed-in caller. */
  handle<S extends Subject>(subject: S, handler: RpcHandler<S>): void;
  /** Handles `subject`, for the callers `options.caller` allows. */
  handle<S extends Subject, R extends CallerRule>(subject: S, options: HandleOptions<R>, handler: RpcHandler<S, R>): void;
  handle<S extends Subject>(subject: S, ...args: [RpcHandler<S>] | [HandleOptions<CallerRule>, RpcHandler<S, CallerRule>]): void {
    const [options, handler] = args.length === 1 ? [{ caller: 'required' as const }, args[0]] : args;
    if (this.handlers.has(subject)) throw new Error(`${subject} already has a handler: a subject is handled once`);
    const schema = requestContracts[subject].payload;
    const run = async (data: unknown, ctx: NatsContext) => {
      const caller = callerAs(options.caller, ctx);
      const payload = schema.parse(data ?? {}) as ReceivedPayload<S>;
      return (handler as (request: unknown) => unknown)({ ...caller, payload, client: clientFrom(ctx) });
    };
    this.handlers.set(subject, (data, ctx) => Promise.resolve(from(this.answer(run, data, ctx))));
  }

  /** Every subject handled, with what the transport calls for it. */
  routes(): ReadonlyMap<string, RpcRoute> {
    return this.handlers;
  }

  /** Runs one request with its correlation id and client in the log context, timed; rejects with the error body to send back. */
  private answer(run: (data: unknown, ctx: NatsContext) => Promise<unknown>, data: unknown, ctx: NatsContext): Promise<unknown> {
    const correlationId = ctx.getHeaders()?.get(Header.CorrelationId) || randomUUID();
    const done = this.metrics?.requests.startTimer({ subject: ctx.getSubject() });
    const traced = { 'messaging.system': 'nats', 'messaging.destination.name': ctx.getSubject() };
    const parent = extractTraceContext(ctx.getHeaders());
    // The request's span, a child of the caller's (the trace context in its headers): the handler's queries and calls nest in it.
    return inSpan(ctx.getSubject(), traced, () => this.answerInContext(run, data, ctx, correlationId, done), SpanKind.SERVER, parent);
  }

  private answerInContext(
    run: (data: unknown, ctx: NatsContext) => Promise<unknown>,
    data: unknown,
    ctx: NatsContext,
    correlationId: string,
    done: ReturnType<ServiceMetrics['requests']['startTimer']> | undefined,
  ): Promise<unknown> {
    return withRequestContext({ correlationId, ...clientFrom(ctx) }, async () => {
      try {
        const reply = await run(data, ctx);
        done?.({ outcome: 'ok' });
        return reply;
      } catch (exception) {
        const body = rpcErrorBody(exception, this.logger);
        // How it ended, for the metrics: the class of the answer's HTTP status (4xx: the caller's, 5xx: ours).
        done?.({ outcome: `${Math.floor(body.status / 100)}xx` });
        throw body;
      }
    });
  }
}
