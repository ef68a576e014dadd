import { fileURLToPath } from 'node:url';
import { Module, type DynamicModule } from '@nestjs/common';
import { CoreModule } from '@coffer/server-core';
import { AuthHandler } from './auth.handler.js';
import type { AuthConfig } from './config.js';
import * as schema from './db/schema.js';
import { FactorsRepository } from './factors/factors.repository.js';
import { FactorsService } from './factors/factors.service.js';
import { TotpSecrets } from './factors/totp-secrets.js';
import { RateLimiter } from './rate-limit/rate-limiter.js';
import { SessionsRepository } from './sessions/sessions.repository.js';
import { SessionsService } from './sessions/sessions.service.js';
import { SigningKeys } from './tokens/signing-keys.js';
import { AuthService } from './users/auth.service.js';
import { UsersRepository } from './users/users.repository.js';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

@Module({})
export class AppModule {
  static forConfig(config: AuthConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forService({ service: 'auth', config, schema, migrationsFolder: MIGRATIONS_FOLDER })],
      controllers: [AuthHandler],
      providers: [
        UsersRepository,
        SessionsRepository,
        FactorsRepository,
        SigningKeys,
        TotpSecrets,
        RateLimiter,
        SessionsService,
        FactorsService,
        AuthService,
      ],
    };
  }
}
