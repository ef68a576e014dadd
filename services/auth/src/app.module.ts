import { fileURLToPath } from 'node:url';
import { Module, type DynamicModule } from '@nestjs/common';
import { CoreModule } from '@coffer/server-core';
import type { AuthConfig } from './config.js';
import * as schema from './db/schema.js';
import { FactorsHandler } from './factors/factors.handler.js';
import { FactorsRepository } from './factors/factors.repository.js';
import { FactorsService } from './factors/factors.service.js';
import { TotpSecrets } from './factors/totp-secrets.js';
import { RateLimitsRepository } from './rate-limits/rate-limits.repository.js';
import { RateLimiter } from './rate-limits/rate-limits.service.js';
import { SessionsHandler } from './sessions/sessions.handler.js';
import { SessionsRepository } from './sessions/sessions.repository.js';
import { SessionsService } from './sessions/sessions.service.js';
import { SigningKeysHandler } from './signing-keys/signing-keys.handler.js';
import { SigningKeysRepository } from './signing-keys/signing-keys.repository.js';
import { SigningKeys } from './signing-keys/signing-keys.service.js';
import { UsersHandler } from './users/users.handler.js';
import { UsersRepository } from './users/users.repository.js';
import { UsersService } from './users/users.service.js';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

@Module({})
export class AppModule {
  static forConfig(config: AuthConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forService({ service: 'auth', config, schema, migrationsFolder: MIGRATIONS_FOLDER })],
      controllers: [UsersHandler, SessionsHandler, FactorsHandler, SigningKeysHandler],
      providers: [
        UsersRepository,
        SessionsRepository,
        FactorsRepository,
        RateLimitsRepository,
        SigningKeysRepository,
        SigningKeys,
        TotpSecrets,
        RateLimiter,
        SessionsService,
        FactorsService,
        UsersService,
      ],
    };
  }
}
