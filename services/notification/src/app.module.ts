import { fileURLToPath } from 'node:url';
import { Module, type DynamicModule } from '@nestjs/common';
import { CoreModule } from '@coffer/server-core';
import type { NotificationConfig } from './config.js';
import * as schema from './db/schema.js';
import { ActivityHandler } from './activity/activity.handler.js';
import { ActivityRepository } from './activity/activity.repository.js';
import { ActivityService } from './activity/activity.service.js';
import { AuditHandler } from './audit/audit.handler.js';
import { AuditRepository } from './audit/audit.repository.js';
import { AuditService } from './audit/audit.service.js';
import { EmailHandler } from './email/email.handler.js';
import { PersonalDataHandler } from './personal-data/personal-data.handler.js';
import { PersonalDataRepository } from './personal-data/personal-data.repository.js';
import { PersonalDataService } from './personal-data/personal-data.service.js';
import { PeopleHandler } from './people/people.handler.js';
import { PeopleRepository } from './people/people.repository.js';
import { PreferencesHandler } from './preferences/preferences.handler.js';
import { PreferencesRepository } from './preferences/preferences.repository.js';
import { EmailRepository } from './email/email.repository.js';
import { EmailSender } from './email/email-sender.js';
import { EmailService } from './email/email.service.js';
import { Mailer } from './email/mailer.js';
import { NotificationsHandler } from './notifications/notifications.handler.js';
import { NotificationsRepository } from './notifications/notifications.repository.js';
import { NotificationsService } from './notifications/notifications.service.js';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

@Module({})
export class AppModule {
  static forConfig(config: NotificationConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forService({ service: 'notification', config, schema, migrationsFolder: MIGRATIONS_FOLDER })],
      controllers: [EmailHandler, ActivityHandler, NotificationsHandler, PreferencesHandler, PeopleHandler, AuditHandler, PersonalDataHandler],
      providers: [
        Mailer,
        EmailRepository,
        EmailService,
        EmailSender,
        ActivityRepository,
        ActivityService,
        NotificationsRepository,
        NotificationsService,
        PreferencesRepository,
        PersonalDataRepository,
        PersonalDataService,
        AuditRepository,
        AuditService,
        PeopleRepository,
      ],
    };
  }
}
