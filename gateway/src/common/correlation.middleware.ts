import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { Header } from '@coffer/contracts';
import { withCorrelationId } from '@coffer/server-core';

const SAFE_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** Gives every request a correlation id (the caller's, if well-formed) that follows it to the services and logs. */
export function correlationMiddleware(req: Request & { correlationId?: string }, res: Response, next: NextFunction) {
  const incoming = req.header(Header.CorrelationId);
  const id = incoming && SAFE_ID.test(incoming) ? incoming : randomUUID();
  req.correlationId = id;
  res.setHeader(Header.CorrelationId, id);
  withCorrelationId(id, next);
}
