import { fileURLToPath } from 'node:url';
import { Module, type DynamicModule } from '@nestjs/common';
import { CoreModule } from '@coffer/server-core';
import type { BillingConfig } from './config.js';
import { ContactRequestsHandler } from './contact-requests/contact-requests.handler.js';
import { ContactRequestsRepository } from './contact-requests/contact-requests.repository.js';
import { ContactRequestsService } from './contact-requests/contact-requests.service.js';
import * as schema from './db/schema.js';
import { PaymentsHandler } from './payments/payments.handler.js';
import { PaymentsService } from './payments/payments.service.js';
import { StripePayments } from './payments/stripe-payments.js';
import { PersonalDataHandler } from './personal-data/personal-data.handler.js';
import { PersonalDataRepository } from './personal-data/personal-data.repository.js';
import { SubscriptionsHandler } from './subscriptions/subscriptions.handler.js';
import { SubscriptionsRepository } from './subscriptions/subscriptions.repository.js';
import { Clock } from './subscriptions/clock.js';
import { SubscriptionsService } from './subscriptions/subscriptions.service.js';
import { TrialExpiry } from './subscriptions/trial-expiry.js';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

@Module({})
export class AppModule {
  static forConfig(config: BillingConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [CoreModule.forService({ service: 'billing', config, schema, migrationsFolder: MIGRATIONS_FOLDER })],
      controllers: [ContactRequestsHandler, SubscriptionsHandler, PaymentsHandler, PersonalDataHandler],
      providers: [
        ContactRequestsRepository,
        ContactRequestsService,
        SubscriptionsRepository,
        SubscriptionsService,
        StripePayments,
        PaymentsService,
        Clock,
        TrialExpiry,
        PersonalDataRepository,
      ],
    };
  }
}
