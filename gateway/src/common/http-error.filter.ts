import { randomUUID } from 'node:crypto';
import { Catch, HttpException, HttpStatus, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ErrorCode, isRpcErrorBody, type HttpErrorBody, type RpcErrorBody } from '@coffer/contracts';

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: ErrorCode.ValidationFailed,
  401: ErrorCode.Unauthenticated,
  403: ErrorCode.Forbidden,
  404: ErrorCode.NotFound,
  409: ErrorCode.Conflict,
  503: ErrorCode.ServiceUnavailable,
};

/** A service's `{ code, status, message }` on its way to the HTTP client. */
export class ServiceError extends Error {
  constructor(readonly body: RpcErrorBody) {
    super(body.message);
  }
}

/** The one exception filter: every error leaves as `{ statusCode, code, message, correlationId }`. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  catch(exception: unknown, host: ArgumentsHost) {
    const http = host.switchToHttp();
    const req = http.getRequest<Request & { correlationId?: string }>();
    const res = http.getResponse<Response>();
    const correlationId = req.correlationId ?? randomUUID();
    const body = this.toBody(exception, correlationId);
    const retryAfter = exception instanceof ServiceError ? exception.body.retryAfterSeconds : undefined;
    if (retryAfter) res.setHeader('retry-after', String(retryAfter));
    res.status(body.statusCode).setHeader('x-correlation-id', correlationId).json(body);
  }

  private toBody(exception: unknown, correlationId: string): HttpErrorBody {
    if (exception instanceof ServiceError || isRpcErrorBody(exception)) {
      const rpc = exception instanceof ServiceError ? exception.body : exception;
      return { statusCode: rpc.status, code: rpc.code, message: rpc.message, correlationId };
    }
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const response = exception.getResponse();
      const raw = typeof response === 'object' && response !== null ? (response as { message?: unknown }).message : response;
      const message = Array.isArray(raw) ? raw.join('; ') : String(raw ?? exception.message);
      return { statusCode, code: CODE_BY_STATUS[statusCode] ?? ErrorCode.Internal, message, correlationId };
    }
    this.logger.error(exception instanceof Error ? exception : String(exception));
    const statusCode = HttpStatus.INTERNAL_SERVER_ERROR;
    return { statusCode, code: ErrorCode.Internal, message: 'Something went wrong. Please try again.', correlationId };
  }
}
