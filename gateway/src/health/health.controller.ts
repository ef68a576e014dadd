import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { RpcException } from '@nestjs/microservices';
import { healthReportSchema, healthSubject, isRpcErrorBody, SERVICE_NAMES, type HealthReport, type ServiceHealth, type ServiceName } from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { Public } from '../identity/caller.js';
import { SessionRevocations } from '../auth/session-revocations.js';

const HEALTH_TIMEOUT_MS = 2000;

@Controller('health')
export class HealthController {
  constructor(
    @Inject(ServiceRequester) private readonly services: ServiceRequester,
    @Inject(SessionRevocations) private readonly revocations: SessionRevocations,
  ) {}

  /**
   * Asks every service over NATS and reports each one; the readiness probe. A gateway that reaches no
   * service at all (its NATS is away, or every service is) answers 503, so it is taken out of rotation
   * until it reaches them again; one that reaches some still serves their routes (200, degraded). A gateway
   * that has not yet read which sessions ended (from the auth service) is not ready either: it refuses
   * signed-in requests until it has.
   */
  @Public()
  @Get()
  @ApiDoc({
    summary: 'Whether every service answers, and its database (503 when none answers, or the ended sessions are not read yet: not ready)',
    reply: healthReportSchema,
  })
  async report(@Res({ passthrough: true }) res: Response): Promise<HealthReport> {
    const results = await Promise.all(SERVICE_NAMES.map((service) => this.ask(service)));
    const services = Object.fromEntries(results.map((r) => [r.service, r])) as Record<ServiceName, ServiceHealth>;
    const up = results.filter((r) => r.status === 'up').length;
    const answering = results.filter((r) => r.status !== 'down').length;
    const status = !this.revocations.ready ? 'down' : up === results.length ? 'ok' : answering > 0 ? 'degraded' : 'down';
    if (status === 'down') res.status(503);
    return { status, services };
  }

  private async ask(service: ServiceName): Promise<ServiceHealth> {
    try {
      return await this.services.request(healthSubject(service), {}, {}, HEALTH_TIMEOUT_MS);
    } catch (err) {
      const reason = err instanceof RpcException ? err.getError() : err;
      return { service, status: 'down', error: isRpcErrorBody(reason) ? reason.message : String(reason) };
    }
  }
}
