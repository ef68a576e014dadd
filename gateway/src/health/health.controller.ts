import { Controller, Get, Inject } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { healthReportSchema, healthSubject, isRpcErrorBody, SERVICE_NAMES, type HealthReport, type ServiceHealth, type ServiceName } from '@coffer/contracts';
import { ServiceRequester } from '@coffer/server-core';
import { ApiDoc } from '../api/api-doc.js';
import { Public } from '../identity/caller.js';

const HEALTH_TIMEOUT_MS = 2000;

@Controller('health')
export class HealthController {
  constructor(@Inject(ServiceRequester) private readonly services: ServiceRequester) {}

  /** Asks every service over NATS and reports each one. */
  @Public()
  @Get()
  @ApiDoc({ summary: 'Whether every service answers, and its database', reply: healthReportSchema })
  async report(): Promise<HealthReport> {
    const results = await Promise.all(SERVICE_NAMES.map((service) => this.ask(service)));
    const services = Object.fromEntries(results.map((r) => [r.service, r])) as Record<ServiceName, ServiceHealth>;
    return { status: results.every((r) => r.status === 'up') ? 'ok' : 'degraded', services };
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
