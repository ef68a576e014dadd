import { fileURLToPath } from 'node:url';
import { Module, type DynamicModule } from '@nestjs/common';
import { CoreModule } from '@coffer/server-core';
import type { AuthConfig } from './config.js';
import * as schema from './db/schema.js';
import { DevIdentity } from './users/dev-identity.js';
import { UsersRepository } from './users/users.repository.js';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

@Module({})
export class AppModule {
  static forConfig(config: AuthConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forService({ service: 'auth', config, schema, migrationsFolder: MIGRATIONS_FOLDER })],
      providers: [UsersRepository, DevIdentity],
    };
  }
}
