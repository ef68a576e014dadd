import { randomUUID } from 'node:crypto';
import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import type { Request, Response } from 'express';
import { ErrorCode, isRpcErrorBody, type HttpErrorBody, type RpcErrorBody } from '@coffer/contracts';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ErrorCode.ValidationFailed,
  401: ErrorCode.Unauthenticated,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  409: ErrorCode.Conflict,
  413: ErrorCode.ValidationFailed,
  415: ErrorCode.ValidationFailed,
  429: ErrorCode.TooManyAttempts,
  503: ErrorCode.ServiceUnavailable,
};

const INTERNAL_MESSAGE = 'Something went wrong. Please try again.';

/** A service's `{ code, status, message }` (an RpcException from the requester, or the body itself). */
function rpcBodyOf(exception: unknown): RpcErrorBody | undefined {
  const body = exception instanceof RpcException ? exception.getError() : exception;
  return isRpcErrorBody(body) ? body : undefined;
}

/** The one error body: every error leaves the gateway as `{ statusCode, code, message, correlationId }`. */
export function errorBody(exception: unknown, correlationId: string, logger?: Logger): HttpErrorBody & { retryAfterSeconds?: number } {
  const rpc = rpcBodyOf(exception);
  if (rpc) {
    const { status: statusCode, code, message, retryAfterSeconds, challenge } = rpc;
    return { statusCode, code, message, correlationId, retryAfterSeconds, ...(challenge && { challenge }) };
  }
  if (exception instanceof HttpException) {
    const statusCode = exception.getStatus();
    const response = exception.getResponse();
    const raw = typeof response === 'object' && response !== null ? (response as { message?: unknown }).message : response;
    const message = Array.isArray(raw) ? raw.join('; ') : String(raw ?? exception.message);
    return { statusCode, code: CODE_BY_STATUS[statusCode] ?? ErrorCode.Internal, message: statusCode >= 500 ? INTERNAL_MESSAGE : message, correlationId };
  }
  logger?.error(exception instanceof Error ? exception : String(exception));
  return { statusCode: HttpStatus.INTERNAL_SERVER_ERROR, code: ErrorCode.Internal, message: INTERNAL_MESSAGE, correlationId };
}

/** Sends the one error body, with Retry-After when a service said when to try again. */
export function sendError(req: Request & { correlationId?: string }, res: Response, exception: unknown, logger?: Logger) {
  const correlationId = req.correlationId ?? randomUUID();
  const { retryAfterSeconds, ...body } = errorBody(exception, correlationId, logger);
  if (retryAfterSeconds) res.setHeader('retry-after', String(retryAfterSeconds));
  // A route that answers HTML (or a stream) set its content type before failing: an error is always JSON.
  res.status(body.statusCode).setHeader('x-correlation-id', correlationId).setHeader('content-type', 'application/json; charset=utf-8');
  res.json(body);
}

/** The one exception filter of every route. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  catch(exception: unknown, host: ArgumentsHost) {
    const http = host.switchToHttp();
    sendError(http.getRequest(), http.getResponse<Response>(), exception, this.logger);
  }
}
