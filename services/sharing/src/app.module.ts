import { fileURLToPath } from 'node:url';
import { Module, type DynamicModule } from '@nestjs/common';
import { CoreModule } from '@coffer/server-core';
import type { SharingConfig } from './config.js';
import * as schema from './db/schema.js';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

@Module({})
export class AppModule {
  static forConfig(config: SharingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forService({ service: 'sharing', config, schema, migrationsFolder: MIGRATIONS_FOLDER })],
    };
  }
}
