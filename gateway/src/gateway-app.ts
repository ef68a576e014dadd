import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { NestFactory } from '@nestjs/core';
import type { LoggerService } from '@nestjs/common';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import type { NestExpressApplication } from '@nestjs/platform-express';
import swaggerUi from 'swagger-ui-dist';
import { ErrorCode } from '@coffer/contracts';
import type { HttpMetrics } from '@coffer/server-core';
import { DOCS_ASSETS_PATH } from './api/api-docs.controller.js';
import { API_PREFIX, UNPREFIXED_ROUTES } from './api/api-routes.js';
import { keepRawBody } from './billing/raw-body.js';
import { AppModule } from './app.module.js';
import { correlationMiddleware } from './common/correlation.middleware.js';
import { HttpErrorFilter, sendError } from './common/http-error.filter.js';
import { tracingMiddleware } from './common/tracing.middleware.js';
import type { GatewayConfig } from './config.js';

/** The largest JSON body a route accepts (the Contact Sales message is the longest field). */
const JSON_BODY_LIMIT = '100kb';
/** A selection's ids (BULK_ITEMS_MAX of them, 39 bytes each in JSON) fit in this. */
const BULK_BODY_LIMIT = '256kb';
/** A zip's selection as a form: up to ZIP_MAX_ITEMS ids. */
const ZIP_FORM_LIMIT = '64kb';

/** A body the JSON parser refused leaves with the one error shape, not Express's HTML page. */
function bodyParserError(err: unknown, req: Request, res: Response, next: NextFunction) {
  if (res.headersSent) return next(err);
  const status = (err as { status?: number }).status;
  const tooLarge = status === 413;
  sendError(req, res, {
    code: ErrorCode.ValidationFailed,
    status: tooLarge ? 413 : 400,
    message: tooLarge ? 'The request is too large' : 'The request body is not valid JSON',
  });
}

/**
 * A request Node's HTTP parser refuses before Express sees it (headers or URL
 * too large, malformed request line) is answered in the one error shape too.
 */
function refuseMalformedRequest(err: Error & { code?: string }, socket: Duplex) {
  if (!socket.writable) return;
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const statusCode = tooLarge ? 431 : 400;
  const body = JSON.stringify({
    statusCode,
    code: ErrorCode.ValidationFailed,
    message: tooLarge ? 'The request headers or address are too large' : 'The request is malformed',
    correlationId: randomUUID(),
  });
  socket.end(
    `HTTP/1.1 ${statusCode} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/** An API answer opened as a page can do nothing: load nothing, run nothing, be framed by nobody. */
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Every answer: never sniffed into another type, never kept by a browser or
 * proxy cache (answers hold one user's data), and inert if opened as a page; a
 * route that may be cached says so itself (the public keys), a shared file's
 * download sets its own policy, and the docs page and its assets are public.
 */
function apiResponseHeaders(req: Request, res: Response, next: NextFunction) {
  res.setHeader('x-content-type-options', 'nosniff');
  const docs = req.path.startsWith('/api/docs');
  if (!req.path.startsWith(DOCS_ASSETS_PATH)) res.setHeader('cache-control', 'no-store');
  if (!docs) res.setHeader('content-security-policy', API_CONTENT_SECURITY_POLICY);
  next();
}

/**
 * One line per answered request (method, route pattern, status, time, client): the route's pattern,
 * never the path itself, which may carry a share ticket or a token.
 */
function accessLog(logger: LoggerService) {
  return (req: Request & { correlationId?: string }, res: Response, next: NextFunction) => {
    const started = performance.now();
    res.once('finish', () => {
      const route = (req.route as { path?: string } | undefined)?.path;
      logger.log(
        {
          msg: 'HTTP request',
          method: req.method,
          route: route ?? '(no route)',
          status: res.statusCode,
          ms: Math.round(performance.now() - started),
          clientIp: req.ip,
          correlationId: req.correlationId,
        },
        'HTTP',
      );
    });
    next();
  };
}

/** Each answered request in the metrics: its route's pattern (never the path), method, status and time. */
function requestMetrics(metrics: HttpMetrics) {
  return (req: Request, res: Response, next: NextFunction) => {
    const done = metrics.requests.startTimer();
    res.once('finish', () => {
      const route = (req.route as { path?: string } | undefined)?.path ?? '(no route)';
      done({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };
}

/** Longer than the ingress's upstream keep-alive (nginx: 60 s), so the gateway never closes a connection the ingress is about to reuse (a 502). */
const KEEP_ALIVE_MS = 65_000;

/** The gateway as it serves: routes, validation, the one error shape, the docs page; not yet listening. */
export async function createGateway(config: GatewayConfig, logger?: LoggerService, metrics?: HttpMetrics): Promise<NestExpressApplication> {
  // Nest's own body parser would answer a malformed body with Express's HTML error page.
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forConfig(config), { logger: logger ?? false, bodyParser: false });
  app.setGlobalPrefix(API_PREFIX, { exclude: UNPREFIXED_ROUTES });
  app.use(correlationMiddleware);
  app.use(tracingMiddleware);
  if (logger) app.use(accessLog(logger));
  if (metrics) app.use(requestMetrics(metrics));
  // The security headers of every answer (each route's own Content-Security-Policy is set by apiResponseHeaders or the route);
  // HSTS tells browsers to come back over HTTPS only, and matters only when served over TLS.
  app.use(helmet({ contentSecurityPolicy: false, strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true } }));
  app.use(apiResponseHeaders);
  app.use(`/${API_PREFIX}/files/bulk`, express.json({ limit: BULK_BODY_LIMIT }));
  app.use(express.json({ limit: JSON_BODY_LIMIT, verify: keepRawBody }));
  // A zip's selection comes as a form (a browser download streams to disk only when it navigates there).
  app.use(`/${API_PREFIX}/downloads/`, express.urlencoded({ extended: false, limit: ZIP_FORM_LIMIT }));
  app.use(bodyParserError);
  app.use(cookieParser());
  app.use(DOCS_ASSETS_PATH, express.static(swaggerUi.getAbsoluteFSPath(), { index: false, maxAge: '1h' }));
  app.set(
    'trust proxy',
    config.GATEWAY_TRUST_PROXY.split(',').map((v) => v.trim()),
  );
  app.disable('x-powered-by');
  // Every answer is no-store (apiResponseHeaders), so an ETag (a hash of each body) would never be asked about.
  app.set('etag', false);
  app.useGlobalFilters(new HttpErrorFilter());
  app.enableShutdownHooks();
  const server = app.getHttpServer() as Server;
  server.on('clientError', refuseMalformedRequest);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  return app;
}
