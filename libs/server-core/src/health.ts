import { Controller, Inject, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { healthSubject, type ServiceHealth, type ServiceName } from '@coffer/contracts';
import { DATABASE_HANDLE } from './tokens.js';
import type { DatabaseHandle } from './database.js';

const startedAt = Date.now();

/** Builds the handler that answers `<service>.health.check` with the state of its database. */
export function createHealthController(service: ServiceName): Type<unknown> {
  @Controller()
  class HealthController {
    constructor(@Inject(DATABASE_HANDLE) private readonly database: DatabaseHandle<Record<string, unknown>>) {}

    @MessagePattern(healthSubject(service))
    async check(): Promise<ServiceHealth> {
      const databaseUp = await this.database.ping();
      return {
        service,
        status: databaseUp ? 'up' : 'down',
        database: databaseUp ? 'up' : 'down',
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      };
    }
  }
  return HealthController;
}
