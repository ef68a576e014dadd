import { Controller, Get, Inject } from '@nestjs/common';
import { healthSubject, SERVICE_NAMES, type HealthReport, type ServiceHealth, type ServiceName } from '@coffer/contracts';
import { ServiceClient } from '../common/service-client.js';
import { Public } from '../identity/caller.js';

const HEALTH_TIMEOUT_MS = 2000;

@Controller('health')
export class HealthController {
  constructor(@Inject(ServiceClient) private readonly services: ServiceClient) {}

  /** Asks every service over NATS and reports each one. */
  @Public()
  @Get()
  async report(): Promise<HealthReport> {
    const results = await Promise.all(SERVICE_NAMES.map((service) => this.ask(service)));
    const services = Object.fromEntries(results.map((r) => [r.service, r])) as Record<ServiceName, ServiceHealth>;
    return { status: results.every((r) => r.status === 'up') ? 'ok' : 'degraded', services };
  }

  private async ask(service: ServiceName): Promise<ServiceHealth> {
    try {
      return await this.services.request<ServiceHealth>(healthSubject(service), {}, undefined, HEALTH_TIMEOUT_MS);
    } catch (err) {
      return { service, status: 'down', error: err instanceof Error ? err.message : String(err) };
    }
  }
}
