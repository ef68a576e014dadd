import type { NextFunction, Request, Response } from 'express';
import { traceHttpRequest } from '@coffer/server-core';

/** Each request is a span of its trace (OpenTelemetry, when the environment turns it on); the services' spans nest in it. */
export function tracingMiddleware(req: Request, res: Response, next: NextFunction) {
  traceHttpRequest({ req, res }, () => (req.route as { path?: string } | undefined)?.path, next);
}
