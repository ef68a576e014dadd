import type { OnModuleInit } from '@nestjs/common';
import { healthSubject, type ServiceHealth, type ServiceName } from '@coffer/contracts';
import type { DatabaseHandle } from './database.js';
import { storageProblem } from './disk-space.js';
import type { RpcRouter } from './rpc.js';

const startedAt = Date.now();

/** Answers `<service>.health.check` with the state of its database: degraded while its disk is full. */
export class HealthHandler implements OnModuleInit {
  constructor(
    private readonly service: ServiceName,
    private readonly router: RpcRouter,
    private readonly database: DatabaseHandle<Record<string, unknown>>,
  ) {}

  onModuleInit() {
    this.router.handle(healthSubject(this.service), { caller: 'none' }, () => this.check());
  }

  private async check(): Promise<ServiceHealth> {
    const databaseUp = await this.database.ping();
    const problem = databaseUp ? await storageProblem(this.database.directory) : undefined;
    const status = !databaseUp ? 'down' : problem ? 'degraded' : 'up';
    return {
      service: this.service,
      status,
      database: status,
      uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      ...(problem && { error: problem }),
    };
  }
}
