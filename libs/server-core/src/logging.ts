import { AsyncLocalStorage } from 'node:async_hooks';
import type { LoggerService } from '@nestjs/common';

/** What the work in progress came from: its correlation id and, for a person's request, where they sent it from. */
export interface RequestContext {
  correlationId: string;
  clientIp?: string;
  userAgent?: string;
}

const context = new AsyncLocalStorage<RequestContext>();

/** Runs `fn` within `ctx`: its correlation id goes on every log line, and the events it records carry the client's IP and user agent. */
export function withRequestContext<T>(ctx: RequestContext, fn: () => T): T {
  return context.run(ctx, fn);
}

/** Runs `fn` with `correlationId` attached to every log line written inside it. */
export function withCorrelationId<T>(correlationId: string, fn: () => T): T {
  return withRequestContext({ correlationId }, fn);
}

/** The context of the request being handled, if any. */
export function currentRequestContext(): RequestContext | undefined {
  return context.getStore();
}

/** The correlation id of the request being handled, if any. */
export function currentCorrelationId(): string | undefined {
  return context.getStore()?.correlationId;
}

const SECRET_KEY = /pass(word)?|secret|token|authorization|cookie|code|otp|card|cvc|binding|nonce|verifier/i;

/** Replaces the values of secret-looking keys, so a log line never carries one. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = SECRET_KEY.test(key) ? '[redacted]' : redact(v, depth + 1);
  return out;
}

const LEVELS = ['debug', 'info', 'warn', 'error'] as const;
type Level = (typeof LEVELS)[number];

/** JSON-lines logger: one object per line with the app name and the correlation id. */
export class CofferLogger implements LoggerService {
  private readonly threshold: number;

  constructor(
    private readonly app: string,
    level: Level = 'info',
  ) {
    this.threshold = LEVELS.indexOf(level);
  }

  log(message: unknown, ...rest: unknown[]) {
    this.write('info', message, rest);
  }
  error(message: unknown, ...rest: unknown[]) {
    this.write('error', message, rest);
  }
  warn(message: unknown, ...rest: unknown[]) {
    this.write('warn', message, rest);
  }
  debug(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }
  verbose(message: unknown, ...rest: unknown[]) {
    this.write('debug', message, rest);
  }

  private write(level: Level, message: unknown, rest: unknown[]) {
    if (LEVELS.indexOf(level) < this.threshold) return;
    // Nest passes the context as the last string argument and a stack before it.
    const context = typeof rest[rest.length - 1] === 'string' ? (rest.pop() as string) : undefined;
    const line: Record<string, unknown> = {
      time: new Date().toISOString(),
      level,
      app: this.app,
      context,
      correlationId: currentCorrelationId(),
    };
    if (message instanceof Error) {
      line.msg = message.message;
      line.stack = message.stack;
    } else if (typeof message === 'object') {
      Object.assign(line, redact(message) as object);
    } else {
      line.msg = String(message);
    }
    if (rest.length && typeof rest[0] === 'string' && level === 'error') line.stack = rest[0];
    const stream = level === 'error' || level === 'warn' ? process.stderr : process.stdout;
    stream.write(`${JSON.stringify(line)}\n`);
  }
}
