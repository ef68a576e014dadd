import { fileURLToPath } from 'node:url';
import { Module, type DynamicModule } from '@nestjs/common';
import { CoreModule } from '@coffer/server-core';
import type { SharingConfig } from './config.js';
import * as schema from './db/schema.js';
import { AccessesHandler } from './accesses/accesses.handler.js';
import { AccountLinksHandler } from './account-links/account-links.handler.js';
import { AccountLinksService } from './account-links/account-links.service.js';
import { AccessesRepository } from './accesses/accesses.repository.js';
import { AccessesService } from './accesses/accesses.service.js';
import { LinksHandler } from './links/links.handler.js';
import { LinksRepository } from './links/links.repository.js';
import { LinksService } from './links/links.service.js';
import { PeopleHandler } from './people/people.handler.js';
import { PeopleRepository } from './people/people.repository.js';
import { PeopleService } from './people/people.service.js';
import { PersonalDataHandler } from './personal-data/personal-data.handler.js';
import { PersonalDataRepository } from './personal-data/personal-data.repository.js';
import { PersonalDataService } from './personal-data/personal-data.service.js';
import { SharingPolicyHandler } from './policy/sharing-policy.handler.js';
import { SharingPolicyRepository } from './policy/sharing-policy.repository.js';
import { SharingPolicyService } from './policy/sharing-policy.service.js';
import { FileRequestsHandler } from './requests/file-requests.handler.js';
import { FileRequestsRepository } from './requests/file-requests.repository.js';
import { FileRequestsService } from './requests/file-requests.service.js';
import { SharesHandler } from './shares/shares.handler.js';
import { SharesRepository } from './shares/shares.repository.js';
import { SharesService } from './shares/shares.service.js';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

@Module({})
export class AppModule {
  static forConfig(config: SharingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forService({ service: 'sharing', config, schema, migrationsFolder: MIGRATIONS_FOLDER })],
      controllers: [
        SharesHandler,
        PeopleHandler,
        PersonalDataHandler,
        AccessesHandler,
        LinksHandler,
        SharingPolicyHandler,
        FileRequestsHandler,
        AccountLinksHandler,
      ],
      providers: [
        SharesRepository,
        SharesService,
        PeopleRepository,
        PeopleService,
        PersonalDataRepository,
        PersonalDataService,
        AccessesRepository,
        AccessesService,
        LinksRepository,
        LinksService,
        SharingPolicyRepository,
        SharingPolicyService,
        FileRequestsRepository,
        FileRequestsService,
        AccountLinksService,
      ],
    };
  }
}
