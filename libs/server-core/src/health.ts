import { Controller, Inject, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { healthSubject, type ServiceHealth, type ServiceName } from '@coffer/contracts';
import { DATABASE_HANDLE } from './tokens.js';
import type { DatabaseHandle } from './database.js';
import { storageProblem } from './disk-space.js';

const startedAt = Date.now();

/** Builds the handler that answers `<service>.health.check` with the state of its database: degraded while its disk is full. */
export function createHealthController(service: ServiceName): Type<unknown> {
  @Controller()
  class HealthController {
    constructor(@Inject(DATABASE_HANDLE) private readonly database: DatabaseHandle<Record<string, unknown>>) {}

    @MessagePattern(healthSubject(service))
    async check(): Promise<ServiceHealth> {
      const databaseUp = await this.database.ping();
      const problem = databaseUp ? await storageProblem(this.database.directory) : undefined;
      const status = !databaseUp ? 'down' : problem ? 'degraded' : 'up';
      return {
        service,
        status,
        database: status,
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
        ...(problem && { error: problem }),
      };
    }
  }
  return HealthController;
}
